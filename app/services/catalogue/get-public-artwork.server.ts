import { and, eq, type SQL } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import { artworkImageUrls, publicArtworkDetails } from '#app/lib/artwork-display'
import { isUuid } from '#app/lib/ids'
import { resolveImages } from '#app/media/resolve-images.server'
import { shownInShownGroup } from '#app/services/rows.server'
import type { PublicArtwork } from './types'

/**
 * The public visibility rule for artworks, the one condition of every public query (its page,
 * the sitemap, the search): affichee true and, when it belongs to a category, that category
 * displayed too (public spec §4). The query joins `categories` (left join on `categorie_id`).
 */
export const isPublicArtwork = shownInShownGroup(
  { shown: oeuvres.affichee, group: oeuvres.categorie_id },
  categories.affichee,
) as SQL

/**
 * One displayed artwork (public spec §2 /portfolio/oeuvre, §4, §7): affichee true and, when it
 * belongs to a category, that category displayed too. One query joining the category, plus one
 * image lookup for the whole gallery.
 *
 * @param artworkId - the URL parameter, unchecked.
 * @returns null when the id is not a UUID, unknown, the artwork is hidden or its category is hidden.
 * @throws the database error when the query fails.
 */
export async function getPublicArtwork(artworkId: string): Promise<PublicArtwork | null> {
  if (!isUuid(artworkId)) return null
  const [row] = await getDb()
    .select({
      artwork: oeuvres,
      categoryId: categories.id,
      categoryNom: categories.nom,
    })
    .from(oeuvres)
    .leftJoin(categories, eq(categories.id, oeuvres.categorie_id))
    .where(and(eq(oeuvres.id, artworkId), isPublicArtwork))
    .limit(1)
  if (!row) return null
  const { artwork } = row
  const urls = artworkImageUrls(artwork)
  const images = await resolveImages(urls)
  return {
    id: artwork.id,
    nom: artwork.nom,
    description: artwork.description?.trim() || null,
    prix: artwork.prix,
    statut: artwork.statut,
    ...publicArtworkDetails(artwork),
    creeLe: artwork.cree_le.toISOString(),
    images: urls.flatMap((url) => images.get(url) ?? []),
    category: row.categoryId && row.categoryNom ? { id: row.categoryId, nom: row.categoryNom } : null,
  }
}
