import type { Route } from './+types/sitemap-file'
import { sitemapResponse } from './sitemap-response.server'

/**
 * /sitemaps/{n}.xml (issue #35 §1): the n-th sitemap file of a site with more than 50,000 public
 * addresses, listed by the index /sitemap.xml. A malformed name or a file past the last one
 * answers 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(params.file)
  if (!match) return new Response('Introuvable', { status: 404 })
  return sitemapResponse(Number(match[1]))
}
