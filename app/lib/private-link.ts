/**
 * Headers of a page opened from a link carrying a token (validation, subscription confirmation,
 * unsubscribe, reminder request): keep it out of caches and out of other sites' Referer.
 * 'same-origin' rather than 'no-referrer', because with 'no-referrer' Chromium posts the page's
 * confirm form with `Origin: null`, which React Router's action origin check refuses. Their meta
 * tags: {@link privatePageMeta} (app/lib/meta.ts).
 */
export const PRIVATE_LINK_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' }

/** The `headers` export of such a page's route module: {@link PRIVATE_LINK_HEADERS}. */
export function privateLinkHeaders() {
  return PRIVATE_LINK_HEADERS
}

/** The token of such a link: its `jeton` query parameter (null when absent), checked by the use case. */
export function linkToken(request: Request): string | null {
  return new URL(request.url).searchParams.get('jeton')
}
