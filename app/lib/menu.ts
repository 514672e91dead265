/** A menu entry built from pages_config (public spec §2 "Header"). */
export type MenuEntry = { page_name: string; menu_name: string; page_url: string; menu_order: number }

/**
 * Whether a menu entry is the active one for the current path (public spec §2): the home route
 * matches exactly, the others by prefix on a segment boundary ("/blog" is active on "/blog/x",
 * not on "/blogue").
 */
export function isMenuEntryActive(entryUrl: string, pathname: string): boolean {
  const normalize = (value: string) => (value.length > 1 ? value.replace(/\/+$/, '') : value)
  const entry = normalize(entryUrl)
  const path = normalize(pathname)
  if (entry === '/') return path === '/'
  return path === entry || path.startsWith(`${entry}/`)
}
