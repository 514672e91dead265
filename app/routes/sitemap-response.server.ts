import { getEnv } from '#app/env.server'
import { logger } from '#app/logger.server'
import { getSitemapXml } from '#app/services/seo/list-sitemap-entries.server'

/**
 * The answer of /sitemap.xml (`part` null) or of a sitemap file: the XML, a 404 for a file that
 * does not exist, a 503 when the database fails.
 *
 * @param part - null for /sitemap.xml, else the file's number (≥ 1).
 */
export async function sitemapResponse(part: number | null): Promise<Response> {
  try {
    const xml = await getSitemapXml(getEnv().SITE_URL_RESOLVED, part)
    if (xml === null) return new Response('Introuvable', { status: 404 })
    return new Response(xml, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    })
  } catch (error) {
    logger.error({ err: error }, 'Erreur lors de la création du plan du site')
    return new Response('Service indisponible', { status: 503, headers: { 'Retry-After': '60' } })
  }
}
