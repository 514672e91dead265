import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import { firstArtworkImageUrl, publicArtworkDetails } from '#app/lib/artwork-display'
import { isUuid } from '#app/lib/ids'
import { resolveImages } from '#app/media/resolve-images.server'
import type { PublicCategoryWithArtworks } from './types'

/**
 * A category page's content (public spec §2 /portfolio/categorie, §4, §7): the category when it
 * is displayed, and its displayed artworks ordered by ordre then nom (then id). Two queries run
 * together (the category, the artwork list) plus one image lookup.
 *
 * @param categoryId - the URL parameter, unchecked.
 * @returns null when the id is not a UUID, unknown, or the category is hidden.
 * @throws the database error when a query fails.
 */
export async function getPublicCategory(categoryId: string): Promise<PublicCategoryWithArtworks | null> {
  if (!isUuid(categoryId)) return null
  const db = getDb()
  const [categoryRows, artworkRows] = await Promise.all([
    db
      .select({ id: categories.id, nom: categories.nom, description: categories.description })
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.affichee, true)))
      .limit(1),
    db
      .select({
        id: oeuvres.id,
        nom: oeuvres.nom,
        technique: oeuvres.technique,
        dimensions: oeuvres.dimensions,
        annee: oeuvres.annee,
        tags: oeuvres.tags,
        image1_url: oeuvres.image1_url,
        image2_url: oeuvres.image2_url,
        image3_url: oeuvres.image3_url,
        image4_url: oeuvres.image4_url,
        image5_url: oeuvres.image5_url,
        image6_url: oeuvres.image6_url,
        image7_url: oeuvres.image7_url,
        image8_url: oeuvres.image8_url,
        image9_url: oeuvres.image9_url,
        image10_url: oeuvres.image10_url,
      })
      .from(oeuvres)
      .where(and(eq(oeuvres.categorie_id, categoryId), eq(oeuvres.affichee, true)))
      .orderBy(asc(oeuvres.ordre), asc(oeuvres.nom), asc(oeuvres.id)),
  ])
  const category = categoryRows[0]
  if (!category) return null
  const firstImages = artworkRows.map((row) => firstArtworkImageUrl(row))
  const images = await resolveImages(firstImages)
  return {
    category: { id: category.id, nom: category.nom, description: category.description?.trim() || null },
    artworks: artworkRows.map((row, index) => ({
      id: row.id,
      nom: row.nom,
      ...publicArtworkDetails(row),
      image: images.get(firstImages[index] ?? '') ?? null,
    })),
  }
}
