import { type Executor, getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'
import { PAGE_DEFAULTS, PAGE_NAMES, type PageName } from '#app/lib/pages'

/** Menu position of each page on a new site (the demo seed's order; legal notice out of the menu). */
const MENU: Record<PageName, { order: number; inMenu: boolean }> = {
  accueil: { order: 1, inMenu: true },
  categories: { order: 2, inMenu: true },
  parcours: { order: 3, inMenu: true },
  blog: { order: 4, inMenu: true },
  podcasts: { order: 5, inMenu: true },
  atelier: { order: 6, inMenu: true },
  contact: { order: 7, inMenu: true },
  'mentions-legales': { order: 8, inMenu: false },
}

/**
 * Creates the pages_config row of every public page that has none (public spec §3; back-office
 * spec §2 "one card per page"), so that an empty database has a menu and the configuration screen
 * shows all 8 pages. Values: the page's defaults (app/lib/pages.ts PAGE_DEFAULTS: title,
 * description, banner sizes, URL, menu name) and the demo seed's menu order, every page in the menu
 * except the legal notice (linked from the footer). Existing rows are never changed; safe to run
 * at every start and concurrently (`on conflict (page_name) do nothing`).
 *
 * @param executor - database (default) or a caller's transaction.
 * @returns the page names created (empty when all existed).
 */
export async function ensurePageConfigs(executor: Executor = getDb()): Promise<PageName[]> {
  const rows = await executor
    .insert(pagesConfig)
    .values(
      PAGE_NAMES.map((name) => {
        const defaults = PAGE_DEFAULTS[name]
        return {
          page_name: name,
          titre: defaults.titre,
          description: defaults.description ? `<p>${defaults.description}</p>` : null,
          image_height: defaults.imageHeight,
          image_width: defaults.imageWidth,
          menu_name: defaults.menuName,
          page_url: defaults.url,
          menu_order: MENU[name].order,
          show_in_menu: MENU[name].inMenu,
        }
      }),
    )
    .onConflictDoNothing({ target: pagesConfig.page_name })
    .returning({ page_name: pagesConfig.page_name })
  return rows.map((row) => row.page_name as PageName)
}
