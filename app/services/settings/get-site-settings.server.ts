import { getDb } from '#app/db/client.server'
import { siteSettings } from '#app/db/schema'
import type { SiteSettings } from '#app/lib/appearance'
import { logger } from '#app/logger.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'

/**
 * Reads every site_settings row into a key → value map (public spec §7 "Reads").
 * A load failure is logged 'Erreur lors du chargement des paramètres' and yields {} so pages
 * continue with the defaults (public spec §8). Cached in memory until the next admin write
 * (app/services/site-data-cache.server.ts); callers must not mutate the map.
 */
export async function getSiteSettings(): Promise<SiteSettings> {
  try {
    return await cachedSiteData('settings', async () => {
      const rows = await getDb()
        .select({ key: siteSettings.setting_key, value: siteSettings.setting_value })
        .from(siteSettings)
      const map: SiteSettings = {}
      for (const row of rows) if (row.value !== null) map[row.key] = row.value
      return map
    })
  } catch (error) {
    logger.error({ err: error }, 'Erreur lors du chargement des paramètres')
    return {}
  }
}
