import { getEnv } from '#app/env.server'
import { robotsTxt } from '#app/lib/sitemap'

/** /robots.txt (issue #11 §1): the sitemap's address; the back-office, sign-in and auctions disallowed. */
export function loader() {
  return new Response(robotsTxt(getEnv().SITE_URL_RESOLVED), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
