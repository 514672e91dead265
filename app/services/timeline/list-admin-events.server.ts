import { type Executor, getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import { TIMELINE_EVENT_COLUMNS, TIMELINE_ORDER } from './get-timeline.server'

/** One timeline event as /admin/evenements shows and edits it. */
export type AdminEvent = {
  id: string
  titre: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  image_url: string | null
  /** Calendar day "YYYY-MM-DD". */
  date_evenement: string
  annee: number
  type: string
  affiche: boolean
  ordre: number
}

/**
 * Every timeline event, visible or not, newest date first (back-office spec §7 "evenements: select
 * ordered by date_evenement descending"); ties by ordre then titre, as /parcours shows them.
 */
export async function listAdminEvents(executor: Executor = getDb()): Promise<AdminEvent[]> {
  return executor
    .select({ ...TIMELINE_EVENT_COLUMNS, affiche: evenements.affiche, ordre: evenements.ordre })
    .from(evenements)
    .orderBy(...TIMELINE_ORDER)
}
