import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import { firstArtworkImageUrl, publicArtworkDetails } from '#app/lib/artwork-display'
import { isUuid } from '#app/lib/ids'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import { resolveImages } from '#app/media/resolve-images.server'
import { readPage } from '#app/services/list-page.server'
import type { PublicCategoryWithArtworks } from './types'

/**
 * A category page's content (public spec §2 /portfolio/categorie, §4, §7; issue #35 §1): the
 * category when it is displayed, and one page of its displayed artworks ordered by ordre then nom
 * (then id), with the columns a card shows. The category, the count and the page's rows are read
 * together, plus one image lookup.
 *
 * @param categoryId - the URL parameter, unchecked.
 * @param page - the page asked for (≥ 1).
 * @param pageSize - artworks per page (≥ 1).
 * @returns null when the id is not a UUID, unknown, or the category is hidden; 'no-such-page' when
 *   the category is shown but `page` is past its last page.
 * @throws the database error when a query fails.
 */
export async function getPublicCategory(
  categoryId: string,
  page = 1,
  pageSize = PAGE_SIZE_SETTINGS.categorie.fallback,
): Promise<PublicCategoryWithArtworks | 'no-such-page' | null> {
  if (!isUuid(categoryId)) return null
  const db = getDb()
  const shownInCategory = and(eq(oeuvres.categorie_id, categoryId), eq(oeuvres.affichee, true))
  const [categoryRows, listed] = await Promise.all([
    db
      .select({ id: categories.id, nom: categories.nom, description: categories.description })
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.affichee, true)))
      .limit(1),
    readPage(
      page,
      pageSize,
      () => db.$count(oeuvres, shownInCategory),
      (limit, offset) =>
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
          .where(shownInCategory)
          .orderBy(asc(oeuvres.ordre), asc(oeuvres.nom), asc(oeuvres.id))
          .limit(limit)
          .offset(offset),
    ),
  ])
  const category = categoryRows[0]
  if (!category) return null
  if (!listed) return 'no-such-page'
  const artworkRows = listed.items
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
    info: listed.info,
  }
}
