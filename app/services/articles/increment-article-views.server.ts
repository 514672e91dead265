import { and, eq, sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { logger } from '#app/logger.server'
import { isPublicArticle } from './list-published-articles.server'

/**
 * Whether a request for an article page counts as a view (public spec §4: "each successful
 * article load increments its view count"): only GET (not HEAD), not from a crawler (isbot on the
 * User-Agent) and not a browser prefetch (`Sec-Purpose`/`Purpose: prefetch`).
 */
export function isCountableView(request: Request): boolean {
  if (request.method !== 'GET') return false
  if (isbot(request.headers.get('user-agent'))) return false
  const purpose = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`
  return !/prefetch/i.test(purpose)
}

/**
 * Adds one view (or `count` views) to a public article, atomically in the database
 * (`update … set nombre_vues = nombre_vues + 1 … returning`; public spec §7 increment_article_views).
 *
 * @param articleId - the article's UUID.
 * @param count - views to add (the page cache adds the views of its replays in one update).
 * @returns the new view count, or null when the article is no longer public or the update failed
 *   (a failure is only logged, public spec §8 "Article").
 */
export async function incrementArticleViews(articleId: string, count = 1): Promise<number | null> {
  try {
    const [row] = await getDb()
      .update(articles)
      .set({ nombre_vues: sql`${articles.nombre_vues} + ${count}`, modifie_le: sql`${articles.modifie_le}` })
      .where(and(eq(articles.id, articleId), isPublicArticle))
      .returning({ nombre_vues: articles.nombre_vues })
    return row?.nombre_vues ?? null
  } catch (error) {
    logger.error({ err: error, articleId }, "Erreur lors de l'incrémentation des vues de l'article")
    return null
  }
}
