import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import type { ImageData } from '#app/lib/images'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import type { PageInfo } from '#app/lib/pagination'
import { type EvenementType, TIMELINE_TYPES, type TimelineFilters } from '#app/lib/timeline-filters'
import { resolveImages } from '#app/media/resolve-images.server'
import { readPage } from '#app/services/list-page.server'

/** One visible event as /parcours shows it. */
export type TimelineEvent = {
  id: string
  titre: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  image: ImageData | null
  /** Calendar day "YYYY-MM-DD". */
  date_evenement: string
  annee: number
  type: EvenementType
  /** Where it takes place and its address (issue #36 §6), or null. */
  lieu: string | null
  lieu_adresse: string | null
}

/** One page of the timeline for a filter combination, with what the filter buttons need. */
export type Timeline = {
  events: TimelineEvent[]
  /** The page shown and the count of events matching the filters (`info.total`). */
  info: PageInfo
  /** Every year that has a visible event, newest first (year buttons). */
  years: number[]
  /** Every type that has a visible event, in the order of TIMELINE_TYPES (type buttons). */
  types: EvenementType[]
  /** Whether any visible event exists, whatever the filters (chooses the empty message). */
  hasAnyEvent: boolean
}

/** The columns of an event that /parcours shows (the back-office reads these and more). */
export const TIMELINE_EVENT_COLUMNS = {
  id: evenements.id,
  titre: evenements.titre,
  description: evenements.description,
  image_url: evenements.image_url,
  date_evenement: evenements.date_evenement,
  annee: evenements.annee,
  type: evenements.type,
  lieu: evenements.lieu,
  lieu_adresse: evenements.lieu_adresse,
}

/** The order of the timeline, on /parcours and /admin/evenements: newest date, then ordre, then titre. */
export const TIMELINE_ORDER = [
  desc(evenements.date_evenement),
  asc(evenements.ordre),
  asc(evenements.titre),
] as const

/**
 * One page of the visible career events for /parcours (public spec §2, §4, §7: evenements with
 * affiche true, date_evenement descending; ties by ordre then titre; issue #35 §1), filtered by
 * year (the event's `annee`) and/or type, with their images resolved in one query.
 *
 * @param filters - null values mean "all years" / "all types".
 * @param page - the page asked for (≥ 1; default 1).
 * @param pageSize - events per page (≥ 1; default the setting's default, 24).
 * @returns the page's events and the years and types present among all visible events, or null
 *   when `page` is past the last page of the matching events.
 * @throws the database error when a query fails.
 */
export async function getTimeline(
  filters: TimelineFilters,
  page = 1,
  pageSize = PAGE_SIZE_SETTINGS.parcours.fallback,
): Promise<Timeline | null> {
  const db = getDb()
  const conditions: SQL[] = [eq(evenements.affiche, true)]
  if (filters.annee !== null) conditions.push(eq(evenements.annee, filters.annee))
  if (filters.type !== null) conditions.push(eq(evenements.type, filters.type))

  const where = and(...conditions)
  const [facets, listed] = await Promise.all([
    db
      .selectDistinct({ annee: evenements.annee, type: evenements.type })
      .from(evenements)
      .where(eq(evenements.affiche, true)),
    readPage(
      page,
      pageSize,
      () => db.$count(evenements, where),
      (limit, offset) =>
        db
          .select(TIMELINE_EVENT_COLUMNS)
          .from(evenements)
          .where(where)
          .orderBy(...TIMELINE_ORDER)
          .limit(limit)
          .offset(offset),
    ),
  ])
  if (!listed) return null
  const rows = listed.items
  const images = await resolveImages(rows.map((row) => row.image_url))
  const yearsPresent = new Set(facets.map((facet) => facet.annee))
  const typesPresent = new Set<string>(facets.map((facet) => facet.type))
  return {
    events: rows.map(({ image_url, ...row }) => ({
      ...row,
      image: image_url ? (images.get(image_url) ?? null) : null,
    })),
    info: listed.info,
    years: [...yearsPresent].sort((a, b) => b - a),
    types: TIMELINE_TYPES.filter((type) => typesPresent.has(type)),
    hasAnyEvent: facets.length > 0,
  }
}
