import { sql } from 'drizzle-orm'
import { isbot } from 'isbot'
import { getDb, queryRows } from '#app/db/client.server'
import { articles, vuesArticles } from '#app/db/schema'
import { getEnv } from '#app/env.server'
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
 * Adds one view (or `count` views) to a public article, atomically in the database, in one
 * statement: its total (`nombre_vues`, public spec §7 increment_article_views) and its count of
 * the day in the site's time zone (`vues_articles`, issue #11 §5, what the dashboard plots).
 *
 * @param articleId - the article's UUID.
 * @param count - views to add (the page cache adds the views of its replays in one update).
 * @returns the new view count, or null when the article is no longer public or the update failed
 *   (a failure is only logged, public spec §8 "Article").
 */
export async function incrementArticleViews(articleId: string, count = 1): Promise<number | null> {
  try {
    const [row] = await queryRows<{ nombre_vues: number }>(
      getDb(),
      sql`with counted as (
        update ${articles} set nombre_vues = nombre_vues + ${count}
        where ${articles.id} = ${articleId} and ${isPublicArticle}
        returning ${articles.id} as id, ${articles.nombre_vues} as nombre_vues
      ), daily as (
        insert into ${vuesArticles} (article_id, jour, vues)
        select id, (now() at time zone ${getEnv().SITE_TIMEZONE})::date, ${count} from counted
        on conflict (article_id, jour) do update set vues = ${vuesArticles}.vues + excluded.vues
      )
      select nombre_vues from counted`,
    )
    return row ? Number(row.nombre_vues) : null
  } catch (error) {
    logger.error({ err: error, articleId }, "Erreur lors de l'incrémentation des vues de l'article")
    return null
  }
}
