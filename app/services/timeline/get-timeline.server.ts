import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import type { ImageData } from '#app/lib/images'
import { type EvenementType, TIMELINE_TYPES, type TimelineFilters } from '#app/lib/timeline-filters'
import { resolveImages } from '#app/media/resolve-images.server'

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
}

/** The timeline for a filter combination, with what the filter buttons need. */
export type Timeline = {
  events: TimelineEvent[]
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
}

/** The order of the timeline, on /parcours and /admin/evenements: newest date, then ordre, then titre. */
export const TIMELINE_ORDER = [
  desc(evenements.date_evenement),
  asc(evenements.ordre),
  asc(evenements.titre),
] as const

/**
 * Visible career events for /parcours (public spec §2, §4, §7: evenements with affiche true,
 * date_evenement descending; ties by ordre then titre), filtered by year (the event's `annee`)
 * and/or type, with their images resolved in one query.
 *
 * @param filters - null values mean "all years" / "all types".
 * @returns the matching events and the years and types present among all visible events.
 */
export async function getTimeline(filters: TimelineFilters): Promise<Timeline> {
  const db = getDb()
  const conditions: SQL[] = [eq(evenements.affiche, true)]
  if (filters.annee !== null) conditions.push(eq(evenements.annee, filters.annee))
  if (filters.type !== null) conditions.push(eq(evenements.type, filters.type))

  const [facets, rows] = await Promise.all([
    db
      .selectDistinct({ annee: evenements.annee, type: evenements.type })
      .from(evenements)
      .where(eq(evenements.affiche, true)),
    db
      .select(TIMELINE_EVENT_COLUMNS)
      .from(evenements)
      .where(and(...conditions))
      .orderBy(...TIMELINE_ORDER),
  ])

  const images = await resolveImages(rows.map((row) => row.image_url))
  const yearsPresent = new Set(facets.map((facet) => facet.annee))
  const typesPresent = new Set<string>(facets.map((facet) => facet.type))
  return {
    events: rows.map(({ image_url, ...row }) => ({
      ...row,
      image: image_url ? (images.get(image_url) ?? null) : null,
    })),
    years: [...yearsPresent].sort((a, b) => b - a),
    types: TIMELINE_TYPES.filter((type) => typesPresent.has(type)),
    hasAnyEvent: facets.length > 0,
  }
}
