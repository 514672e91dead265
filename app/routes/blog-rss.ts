import { getEnv } from '#app/env.server'
import { logger } from '#app/logger.server'
import { buildArticleFeed } from '#app/services/seo/build-article-feed.server'

/**
 * /blog/rss.xml (issue #11 §1): the RSS 2.0 feed of the published articles, full content.
 * A database failure answers 503 (feed readers come back), never an empty feed.
 */
export async function loader() {
  try {
    return new Response(await buildArticleFeed(getEnv().SITE_URL_RESOLVED), {
      headers: {
        'Content-Type': 'application/rss+xml; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
      },
    })
  } catch (error) {
    logger.error({ err: error }, 'Erreur lors de la création du flux RSS')
    return new Response('Service indisponible', { status: 503, headers: { 'Retry-After': '60' } })
  }
}
