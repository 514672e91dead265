import { encodeXML } from 'entities'
import { absoluteUrl } from '#app/lib/meta'

/** The address of the articles' RSS feed on the site (linked from every page's `<head>`). */
export const FEED_PATH = '/blog/rss.xml'

/**
 * The sitemap protocol's XML (sitemaps.org 0.9) for `entries`: one `<url>` each with its absolute
 * `<loc>` and, when known, `<lastmod>` (W3C date-time, UTC). Values are XML-escaped.
 *
 * @param siteUrl - the site's absolute address without trailing slash (`SITE_URL`).
 * @param entries - paths on the site (e.g. '/blog/premier-article') and their last change.
 */
export function sitemapXml(
  siteUrl: string,
  entries: ReadonlyArray<{ path: string; lastmod: Date | null }>,
): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''
    return `<url><loc>${encodeXML(absoluteUrl(siteUrl, entry.path))}</loc>${lastmod}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/**
 * The sitemap index's XML (sitemaps.org 0.9) for a site whose addresses fill several sitemap files:
 * one `<sitemap>` each with its absolute `<loc>` and, when known, `<lastmod>`.
 *
 * @param siteUrl - the site's absolute address without trailing slash (`SITE_URL`).
 * @param files - the files' paths on the site (e.g. '/sitemaps/1.xml') and their last change.
 */
export function sitemapIndexXml(
  siteUrl: string,
  files: ReadonlyArray<{ path: string; lastmod: Date | null }>,
): string {
  const items = files.map((file) => {
    const lastmod = file.lastmod ? `<lastmod>${file.lastmod.toISOString()}</lastmod>` : ''
    return `<sitemap><loc>${encodeXML(absoluteUrl(siteUrl, file.path))}</loc>${lastmod}</sitemap>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`
}

/** Paths no search engine may crawl: the back-office, sign-in and the private auction pages (decision 013). */
export const DISALLOWED_PATHS = ['/admin', '/auth', '/enchere'] as const

/**
 * robots.txt (issue #11 §1): every crawler may read the site but {@link DISALLOWED_PATHS}, and is
 * pointed to the sitemap at its absolute address.
 *
 * @param siteUrl - the site's absolute address without trailing slash (`SITE_URL`).
 */
export function robotsTxt(siteUrl: string): string {
  const disallow = DISALLOWED_PATHS.map((path) => `Disallow: ${path}`).join('\n')
  return `User-agent: *\n${disallow}\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`
}
