/**
 * Static public pages (issue #8 §1–§2, decision 010): a page that only shows content is sent as
 * HTML and CSS, without React's JavaScript. Its route module says so with
 * `export const handle = STATIC_PAGE`; the root document then renders no `<Scripts>` (no module
 * preloads, no hydration) and inlines {@link STATIC_PAGE_SCRIPT} instead, a few hundred bytes that
 * work the header's menu toggle. Links between pages are ordinary links (the page cache answers
 * them in a few ms). The same route modules still render on the client when a hydrated page
 * (home, auction, back-office…) navigates to them.
 */

/** What a route module exports as `handle` to be sent without JavaScript. */
export const STATIC_PAGE = { isStatic: true } as const

type Match = { handle?: unknown }

/**
 * Whether the deepest matched route is a static page ({@link STATIC_PAGE}).
 *
 * @param matches - React Router's matches (`useMatches()`), root first.
 */
export function isStaticPage(matches: readonly Match[]): boolean {
  const handle = matches.at(-1)?.handle
  return typeof handle === 'object' && handle !== null && (handle as { isStatic?: unknown }).isStatic === true
}

/**
 * The header's menu toggle without React (the same markup as `SiteHeader`, which drives it with
 * state on hydrated pages): the button flips `aria-expanded`, its label (`Ouvrir le menu` /
 * `Fermer le menu`), its icon, and the mobile menu's `hidden`. Self-contained: it is serialized
 * with `Function.prototype.toString` into an inline script, so it must not use anything from its
 * module scope.
 */
function enhanceStaticPage(): void {
  const toggle = document.querySelector<HTMLButtonElement>('button[aria-controls="menu-mobile"]')
  const menu = document.getElementById('menu-mobile')
  if (!toggle || !menu) return
  toggle.addEventListener('click', () => {
    const isOpen = toggle.getAttribute('aria-expanded') !== 'true'
    toggle.setAttribute('aria-expanded', String(isOpen))
    toggle.setAttribute('aria-label', isOpen ? 'Fermer le menu' : 'Ouvrir le menu')
    menu.hidden = !isOpen
    for (const icon of toggle.querySelectorAll('[data-icon]')) {
      icon.classList.toggle('hidden', (icon.getAttribute('data-icon') === 'close') !== isOpen)
    }
  })
}

/** The inline script of a static page (run once, at the end of `<body>`). */
export const STATIC_PAGE_SCRIPT = `(${enhanceStaticPage.toString()})()`
