import { and, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import type { ImageData } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'

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

/**
 * Every article, newest change first (back-office spec §7 "articles: select all ordered by
 * modifie_le descending"), drafts and hidden ones included, with their thumbnails and whether
 * each is scheduled for later.
 */
export async function listAdminArticles(executor: Executor = getDb()): Promise<AdminArticle[]> {
  const rows = await executor
    .select({ ...getTableColumns(articles), isScheduled })
    .from(articles)
    .orderBy(desc(articles.modifie_le), desc(articles.cree_le))
  const images = await resolveImages(rows.map((row) => row.image_url))
  return rows.map(({ cree_le: _created, ...row }) => ({
    ...row,
    date_publication: row.date_publication?.toISOString() ?? null,
    modifie_le: row.modifie_le.toISOString(),
    image: row.image_url ? (images.get(row.image_url) ?? null) : null,
  }))
}
