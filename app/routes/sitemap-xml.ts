import { sitemapResponse } from './sitemap-response.server'

/**
 * /sitemap.xml (issue #11 §1, issue #35 §1): every public address with its last change, for
 * search engines — or, past 50,000 addresses, the index of the sitemap files /sitemaps/{n}.xml
 * (app/routes/sitemap-file.ts). A database failure answers 503 (crawlers come back), never an
 * empty sitemap.
 */
export function loader() {
  return sitemapResponse(null)
}
