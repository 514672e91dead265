import { desc, eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { revisionsArticles } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'
import type { ImageData } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'

/** A previous content of an article, as the back-office shows it (issue #11 §3). */
export type ArticleRevision = Omit<typeof revisionsArticles.$inferSelect, 'modifie_le' | 'cree_le'> & {
  /** When this content had been saved, and when a save replaced it (ISO 8601 instants). */
  modifie_le: string
  cree_le: string
  image: ImageData | null
}

/**
 * The kept previous contents of an article, newest first (issue #11 §3: the last 20).
 *
 * @param articleId - the article's UUID (a malformed one has none).
 * @returns its revisions with their images resolved; [] for an unknown article.
 */
export async function listArticleRevisions(
  articleId: string,
  executor: Executor = getDb(),
): Promise<ArticleRevision[]> {
  if (!isUuid(articleId)) return []
  const rows = await executor
    .select()
    .from(revisionsArticles)
    .where(eq(revisionsArticles.article_id, articleId))
    .orderBy(desc(revisionsArticles.cree_le), desc(revisionsArticles.modifie_le))
  const images = await resolveImages(rows.map((row) => row.image_url))
  return rows.map((row) => ({
    ...row,
    modifie_le: row.modifie_le.toISOString(),
    cree_le: row.cree_le.toISOString(),
    image: row.image_url ? (images.get(row.image_url) ?? null) : null,
  }))
}
