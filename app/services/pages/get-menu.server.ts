import { asc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'
import type { MenuEntry } from '#app/lib/menu'
import { logger } from '#app/logger.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'

/**
 * The header menu: pages with show_in_menu, by menu_order ascending (public spec §7).
 * A failure is logged 'Error fetching menu pages' and the menu stays empty (public spec §8).
 * Cached in memory until the next admin write (app/services/site-data-cache.server.ts).
 */
export async function getMenu(): Promise<MenuEntry[]> {
  try {
    return await cachedSiteData('menu', readMenu)
  } catch (error) {
    logger.error({ err: error }, 'Error fetching menu pages')
    return []
  }
}

async function readMenu(): Promise<MenuEntry[]> {
  const rows = await getDb()
    .select({
      page_name: pagesConfig.page_name,
      menu_name: pagesConfig.menu_name,
      page_url: pagesConfig.page_url,
      menu_order: pagesConfig.menu_order,
    })
    .from(pagesConfig)
    .where(eq(pagesConfig.show_in_menu, true))
    .orderBy(asc(pagesConfig.menu_order), asc(pagesConfig.page_name))
  return rows
    .filter((row) => row.page_url && row.menu_name)
    .map((row) => ({ ...row, menu_name: row.menu_name as string, page_url: row.page_url as string }))
}
