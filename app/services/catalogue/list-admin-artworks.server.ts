import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import { NO_CATEGORY_FILTER } from '#app/lib/admin/catalogue-schema'
import type { ListParams, OrderedListSort } from '#app/lib/admin/list-params'
import { type ArtworkStatut, artworkImageUrls } from '#app/lib/artwork-display'
import { isUuid } from '#app/lib/ids'
import type { ImageData } from '#app/lib/images'
import type { PageInfo } from '#app/lib/pagination'
import { resolveImages } from '#app/media/resolve-images.server'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'

/** An artwork as the back-office screen shows and edits it (back-office spec §2 "Artworks", §3). */
export type AdminArtwork = {
  id: string
  nom: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  technique: string | null
  dimensions: string | null
  annee: number | null
  /** Euros as the database's numeric string ("1250.00"), or null. */
  prix: string | null
  statut: ArtworkStatut
  categorie_id: string | null
  /** The category's nom, or null when the artwork has none. */
  categoryNom: string | null
  tags: string[]
  affichee: boolean
  ordre: number
  /** 0 to 10 image URLs in order, the first being the main image. */
  images: string[]
  /** The main image with its variants, or null. */
  mainImage: ImageData | null
}

/** What the artwork screen's category filter asks for. */
export type ArtworkFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'category'; id: string }

/**
 * Reads the `categorie` query parameter of /admin/artworks.
 *
 * @param value - the parameter: absent or '' (all), 'aucune' (artworks without a category) or a
 *   category id.
 * @returns the filter, or null when the value is neither (the screen answers 400).
 */
export function parseArtworkFilter(value: string | null): ArtworkFilter | null {
  if (value === null || value === '') return { kind: 'all' }
  if (value === NO_CATEGORY_FILTER) return { kind: 'none' }
  if (isUuid(value)) return { kind: 'category', id: value.toLowerCase() }
  return null
}

/** Artworks per page of /admin/artworks (issue #35 §2). */
export const ARTWORKS_PAGE_SIZE = 24

const ARTWORK_ORDER: Record<OrderedListSort, SQL[]> = {
  ordre: [asc(oeuvres.ordre), asc(oeuvres.nom), asc(oeuvres.id)],
  nom: [byName(oeuvres.nom), asc(oeuvres.id)],
  date: [desc(oeuvres.cree_le), desc(oeuvres.id)],
}

/**
 * One page of artworks for /admin/artworks, visible and hidden (back-office spec §2 "Artworks", §7
 * "get artworks"; issue #35 §2): those matching the category filter and the search on the name
 * (accents ignored), in the sort asked (display order, then nom, then id, by default), with their
 * category and main image; plus how many artworks exist in all, so the screen can tell 'Aucune
 * œuvre' from 'Aucune œuvre trouvée'. A page past the end shows the last page.
 *
 * @param filter - see {@link parseArtworkFilter}.
 * @param params - page, search and sort (default: page 1, no search, display order).
 * @returns `{ artworks, total, info }`: total counts every artwork, whatever the filter; info.total
 *   those matching.
 * @throws the database error when a query fails.
 */
export async function listAdminArtworks(
  filter: ArtworkFilter,
  params: ListParams<OrderedListSort> = { page: 1, q: '', sort: 'ordre' },
  executor: Executor = getDb(),
): Promise<{ artworks: AdminArtwork[]; total: number; info: PageInfo }> {
  let where: SQL | undefined
  if (filter.kind === 'none') where = isNull(oeuvres.categorie_id)
  if (filter.kind === 'category') where = eq(oeuvres.categorie_id, filter.id)
  where = and(where, matchesSearch(params.q, [oeuvres.nom]))
  const [{ rows, info }, [totals]] = await Promise.all([
    readListPage(
      params.page,
      ARTWORKS_PAGE_SIZE,
      () => executor.$count(oeuvres, where),
      (limit, offset) =>
        executor
          .select({ artwork: oeuvres, categoryNom: categories.nom })
          .from(oeuvres)
          .leftJoin(categories, eq(categories.id, oeuvres.categorie_id))
          .where(where)
          .orderBy(...ARTWORK_ORDER[params.sort])
          .limit(limit)
          .offset(offset),
    ),
    executor.select({ total: count() }).from(oeuvres),
  ])
  const images = await resolveImages(rows.map((row) => artworkImageUrls(row.artwork)[0]))
  return {
    total: Number(totals?.total ?? 0),
    info,
    artworks: rows.map(({ artwork, categoryNom }) => {
      const urls = artworkImageUrls(artwork)
      return {
        id: artwork.id,
        nom: artwork.nom,
        description: artwork.description?.trim() || null,
        technique: artwork.technique,
        dimensions: artwork.dimensions,
        annee: artwork.annee,
        prix: artwork.prix,
        statut: artwork.statut,
        categorie_id: artwork.categorie_id,
        categoryNom: categoryNom ?? null,
        tags: artwork.tags,
        affichee: artwork.affichee,
        ordre: artwork.ordre,
        images: urls,
        mainImage: urls[0] ? (images.get(urls[0]) ?? null) : null,
      }
    }),
  }
}
