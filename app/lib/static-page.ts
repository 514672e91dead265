/**
 * Static public pages (issue #8 §1–§2, decision 010): a page that only shows content is sent as
 * HTML and CSS, without React's JavaScript. Its route module says so with
 * `export const handle = STATIC_PAGE` and `export const clientLoader = loadStaticDocument`; the
 * root document then renders no `<Scripts>` (no module preloads, no hydration) but one small
 * deferred script, app/components/enhance, whose plain DOM code wakes the behaviours the page's
 * markup asks for (menu, dialogs, tabs, gallery, share, forms answered in place, toasts). Links
 * between pages are ordinary links (the page cache answers them in a few ms).
 */

/** What a route module exports as `handle` to be sent without JavaScript. */
export const STATIC_PAGE = { isStatic: true } as const

/**
 * The auction page's `handle`: static too, with its own script besides the site's
 * (app/components/enhance/auction-page.ts: the live auction), loaded on that page only.
 */
export const STATIC_AUCTION_PAGE = { isStatic: true, pageScript: 'auction' } as const

/** The page scripts a static page may add to the site's one (their entries in app/components/enhance). */
export type PageScript = typeof STATIC_AUCTION_PAGE.pageScript

type Match = { handle?: unknown }

function staticHandle(matches: readonly Match[]): { isStatic?: unknown; pageScript?: unknown } | null {
  const handle = matches.at(-1)?.handle
  return typeof handle === 'object' && handle !== null ? handle : null
}

/**
 * Whether the deepest matched route is a static page ({@link STATIC_PAGE}).
 *
 * @param matches - React Router's matches (`useMatches()`), root first.
 */
export function isStaticPage(matches: readonly Match[]): boolean {
  return staticHandle(matches)?.isStatic === true
}

/**
 * The script a static page adds to the site's one ({@link STATIC_AUCTION_PAGE}), or null.
 *
 * @param matches - React Router's matches (`useMatches()`), root first.
 */
export function staticPageScript(matches: readonly Match[]): PageScript | null {
  const handle = staticHandle(matches)
  return handle?.isStatic === true && handle.pageScript === 'auction' ? 'auction' : null
}

/**
 * A static page's `clientLoader`: a hydrated page (the auction, the back-office) that navigates to
 * a static page in the browser loads its document instead, so that the page always arrives with
 * its own script (app/components/enhance) rather than as React markup without behaviours.
 *
 * @param args - React Router's client loader arguments; only `request.url` is read.
 * @returns never: the browser leaves the current document.
 */
export function loadStaticDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url)
  return new Promise<never>(() => {})
}

/**
 * The browser's note (localStorage) that a page has loaded the web fonts, so they are in its cache
 * (decision 010; app/components/enhance/fonts.ts writes it).
 */
export const FONTS_LOADED_KEY = 'encre-polices'

/**
 * The inline script at the top of a static page: with the web fonts cached (a previous page loaded
 * them), `<html>` takes the class `polices` before the first paint, so the page shows in its
 * fonts at once; on a first visit the fallback faces show and the fonts follow the page's load.
 */
export const CACHED_FONTS_SCRIPT = `try{localStorage.getItem("${FONTS_LOADED_KEY}")&&document.documentElement.classList.add("polices")}catch(e){}`
