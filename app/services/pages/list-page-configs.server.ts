import { asc } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'

/** A pages_config row as the configuration screen edits it (back-office spec §3 "Page config"). */
export type AdminPageConfig = Omit<typeof pagesConfig.$inferSelect, 'cree_le' | 'modifie_le'>

/**
 * Every page configuration by menu_order ascending (back-office spec §7 "pages_config: select
 * ordered by menu_order ascending"), page_name breaking ties.
 */
export async function listPageConfigs(executor: Executor = getDb()): Promise<AdminPageConfig[]> {
  const rows = await executor
    .select()
    .from(pagesConfig)
    .orderBy(asc(pagesConfig.menu_order), asc(pagesConfig.page_name))
  return rows.map(({ cree_le: _created, modifie_le: _modified, ...row }) => row)
}
