import type { MetaDescriptor } from 'react-router'
import { pageMeta } from './meta'

/**
 * Headers of a page opened from a link carrying a token (validation, subscription confirmation,
 * unsubscribe, reminder request): keep it out of caches and out of other sites' Referer.
 * 'same-origin' rather than 'no-referrer', because with 'no-referrer' Chromium posts the page's
 * confirm form with `Origin: null`, which React Router's action origin check refuses.
 */
export const PRIVATE_LINK_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' }

/**
 * The meta tags of such a page: its title, never indexed.
 *
 * @param matches - React Router's matches (for the site's title); `title` - the page's title.
 */
export function privateLinkMeta(matches: Parameters<typeof pageMeta>[0], title: string): MetaDescriptor[] {
  return [...pageMeta(matches, title), { name: 'robots', content: 'noindex, nofollow' }]
}

/** The token of such a link: its `jeton` query parameter (null when absent), checked by the use case. */
export function linkToken(request: Request): string | null {
  return new URL(request.url).searchParams.get('jeton')
}
