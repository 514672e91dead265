import { asc, desc } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import type { DatedListSort, ListParams } from '#app/lib/admin/list-params'
import type { PageInfo } from '#app/lib/pagination'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'
import { TIMELINE_EVENT_COLUMNS, TIMELINE_ORDER } from './get-timeline.server'

/** Events per page of /admin/evenements (issue #35 §2). */
export const EVENTS_PAGE_SIZE = 25

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
  /** Where it takes place and its address (issue #36 §6), or null. */
  lieu: string | null
  lieu_adresse: string | null
}

/**
 * One page of timeline events, visible or not, newest date first (back-office spec §7 "evenements:
 * select ordered by date_evenement descending"; ties by ordre then titre, as /parcours shows them)
 * or by title (`sort` 'nom'), whose title matches the search (accents ignored; issue #35 §2). A page
 * past the end shows the last page.
 *
 * @param params - page, search and sort (default: page 1, no search, newest first).
 * @returns `{ events, info }`: at most {@link EVENTS_PAGE_SIZE} events and the page shown with the
 *   count of matching events.
 */
export async function listAdminEvents(
  params: ListParams<DatedListSort> = { page: 1, q: '', sort: 'date' },
  executor: Executor = getDb(),
): Promise<{ events: AdminEvent[]; info: PageInfo }> {
  const where = matchesSearch(params.q, [evenements.titre])
  const order =
    params.sort === 'nom' ? [byName(evenements.titre), desc(evenements.date_evenement)] : TIMELINE_ORDER
  const { rows, info } = await readListPage(
    params.page,
    EVENTS_PAGE_SIZE,
    () => executor.$count(evenements, where),
    (limit, offset) =>
      executor
        .select({ ...TIMELINE_EVENT_COLUMNS, affiche: evenements.affiche, ordre: evenements.ordre })
        .from(evenements)
        .where(where)
        .orderBy(...order, asc(evenements.id))
        .limit(limit)
        .offset(offset),
  )
  return { events: rows, info }
}
