import { getEnv } from '#app/env.server'
import { sitemapXml } from '#app/lib/sitemap'
import { logger } from '#app/logger.server'
import { listSitemapEntries } from '#app/services/seo/list-sitemap-entries.server'

/**
 * /sitemap.xml (issue #11 §1): every public address with its last change, for search engines.
 * A database failure answers 503 (crawlers come back), never an empty sitemap.
 */
export async function loader() {
  try {
    const xml = sitemapXml(getEnv().SITE_URL_RESOLVED, await listSitemapEntries())
    return new Response(xml, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    })
  } catch (error) {
    logger.error({ err: error }, 'Erreur lors de la création du plan du site')
    return new Response('Service indisponible', { status: 503, headers: { 'Retry-After': '60' } })
  }
}
