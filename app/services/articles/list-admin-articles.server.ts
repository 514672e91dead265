import { and, asc, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import type { DatedListSort, ListParams } from '#app/lib/admin/list-params'
import type { ImageData } from '#app/lib/images'
import type { PageInfo } from '#app/lib/pagination'
import { resolveImages } from '#app/media/resolve-images.server'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'

/** An article as the back-office lists and edits it (back-office spec §3 "Article"). */
export type AdminArticle = Omit<
  typeof articles.$inferSelect,
  'cree_le' | 'modifie_le' | 'date_publication'
> & {
  /** ISO 8601 instants. */
  date_publication: string | null
  modifie_le: string
  /** Thumbnail of image_url, resolved in one query for the whole list. */
  image: ImageData | null
  /** 'publie' with a date_publication still to come, by the database's clock (issue #11 §3). */
  isScheduled: boolean
}

/** Published for a date still to come (issue #11 §3): the admin card says 'Programmé pour le …'. */
const isScheduled = sql<boolean>`coalesce(${and(eq(articles.statut, 'publie'), gt(articles.date_publication, sql`now()`))}, false)`

/** Articles per page of /admin/articles (issue #35 §2). */
export const ARTICLES_PAGE_SIZE = 24

/**
 * One page of articles, newest change first (back-office spec §7 "articles: select all ordered by
 * modifie_le descending") or by title (`sort` 'nom'), drafts and hidden ones included, whose title
 * matches the search (accents ignored; issue #35 §2), with their thumbnails and whether each is
 * scheduled for later. A page past the end shows the last page.
 *
 * @param params - page, search and sort (default: page 1, no search, newest change first).
 * @returns `{ articles, info }`: at most {@link ARTICLES_PAGE_SIZE} articles and the page shown with
 *   the count of matching articles.
 */
export async function listAdminArticles(
  params: ListParams<DatedListSort> = { page: 1, q: '', sort: 'date' },
  executor: Executor = getDb(),
): Promise<{ articles: AdminArticle[]; info: PageInfo }> {
  const where = matchesSearch(params.q, [articles.titre])
  const order =
    params.sort === 'nom'
      ? [byName(articles.titre), asc(articles.id)]
      : [desc(articles.modifie_le), desc(articles.cree_le), desc(articles.id)]
  const { rows, info } = await readListPage(
    params.page,
    ARTICLES_PAGE_SIZE,
    () => executor.$count(articles, where),
    (limit, offset) =>
      executor
        .select({ ...getTableColumns(articles), isScheduled })
        .from(articles)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  )
  const images = await resolveImages(rows.map((row) => row.image_url))
  return {
    info,
    articles: rows.map(({ cree_le: _created, ...row }) => ({
      ...row,
      date_publication: row.date_publication?.toISOString() ?? null,
      modifie_le: row.modifie_le.toISOString(),
      image: row.image_url ? (images.get(row.image_url) ?? null) : null,
    })),
  }
}
