/** A timeline event type as stored (evenements.type; app/services/db-unions.ts checks it). */
export type EvenementType = 'exposition' | 'prix' | 'formation' | 'collaboration' | 'projet' | 'autre'

/**
 * The stored types in the order their filter buttons appear. A copy of the schema's
 * EVENEMENT_TYPES (a test keeps them equal) so the browser bundle does not pull in the schema.
 */
export const TIMELINE_TYPES = [
  'exposition',
  'prix',
  'formation',
  'collaboration',
  'projet',
  'autre',
] as const satisfies readonly EvenementType[]

/** The /parcours filters read from the query string (`?annee=2024&type=prix`); null means "all". */
export type TimelineFilters = { annee: number | null; type: EvenementType | null }

/** French label of each event type, capitalised (public spec §2 "/parcours", back-office spec §4). */
export const EVENT_TYPE_LABELS: Record<EvenementType, string> = {
  exposition: 'Exposition',
  prix: 'Prix',
  formation: 'Formation',
  collaboration: 'Collaboration',
  projet: 'Projet',
  autre: 'Autre',
}

/**
 * The French label of an event type (public spec §2 "/parcours"): exposition=Exposition,
 * prix=Prix, formation=Formation, collaboration=Collaboration, projet=Projet, anything else=Autre.
 */
export function eventTypeLabel(type: string): string {
  return Object.hasOwn(EVENT_TYPE_LABELS, type) ? EVENT_TYPE_LABELS[type as EvenementType] : 'Autre'
}

function isEvenementType(value: string): value is EvenementType {
  return (TIMELINE_TYPES as readonly string[]).includes(value)
}

/**
 * Reads the /parcours filters from a URL's query string.
 *
 * @param params - the request's search params; `annee` must be a 4-digit year, `type` one of the
 *   stored types (exposition, prix, formation, collaboration, projet, autre); empty means "all".
 * @returns the filters, with any malformed, unknown or repeated value dropped (treated as "all"),
 *   and `isValid` false when something was dropped (the page then answers 400).
 */
export function parseTimelineFilters(params: URLSearchParams): {
  filters: TimelineFilters
  isValid: boolean
} {
  let isValid = true
  const read = (name: string): string | null => {
    const values = params.getAll(name)
    if (values.length > 1) {
      isValid = false
      return null
    }
    return values[0]?.trim() || null
  }
  const rawYear = read('annee')
  const rawType = read('type')
  let annee: number | null = null
  if (rawYear !== null) {
    if (/^\d{4}$/.test(rawYear)) annee = Number(rawYear)
    else isValid = false
  }
  let type: EvenementType | null = null
  if (rawType !== null) {
    if (isEvenementType(rawType)) type = rawType
    else isValid = false
  }
  return { filters: { annee, type }, isValid }
}

/**
 * The /parcours URL for a filter combination, e.g. "/parcours?annee=2024&type=prix"; "all" values
 * are left out so the unfiltered page is plain "/parcours".
 */
export function timelineHref(filters: TimelineFilters): string {
  const params = new URLSearchParams()
  if (filters.annee !== null) params.set('annee', String(filters.annee))
  if (filters.type !== null) params.set('type', filters.type)
  const query = params.toString()
  return query ? `/parcours?${query}` : '/parcours'
}

/**
 * The message shown when no event matches (public spec §2: one message per filter combination).
 *
 * @param filters - the filters applied.
 * @param hasAnyEvent - whether any visible event exists at all, whatever the filters.
 */
export function emptyTimelineMessage(filters: TimelineFilters, hasAnyEvent: boolean): string {
  if (!hasAnyEvent) return 'Aucun événement à afficher pour le moment'
  const category = filters.type === null ? null : `dans la catégorie « ${eventTypeLabel(filters.type)} »`
  const year = filters.annee === null ? null : `pour l'année ${filters.annee}`
  if (category && year) return `Aucun événement à afficher ${category} ${year}`
  if (category) return `Aucun événement à afficher ${category}`
  if (year) return `Aucun événement à afficher ${year}`
  return 'Aucun événement à afficher pour le moment'
}
