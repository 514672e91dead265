import { z } from 'zod'
import type { EvenementType } from '#app/lib/timeline-filters'
import {
  checkbox,
  integerOrZero,
  isCalendarDay,
  optionalImageUrl,
  optionalText,
  requiredText,
  rowSchemas,
} from './form-fields'
import { successToasts } from './row-toasts'

/** Event types in the order of the form's select (back-office spec §4 "Timeline event type"). */
export const EVENT_FORM_TYPES = [
  'exposition',
  'projet',
  'formation',
  'prix',
  'collaboration',
  'autre',
] as const satisfies readonly EvenementType[]

/** Default type of a new event (back-office spec §9). */
export const DEFAULT_EVENT_TYPE: EvenementType = 'projet'
/** Longest accepted title, in characters. */
export const EVENT_TITLE_MAX = 200
/** Longest accepted place name and address, in characters. */
export const EVENT_PLACE_MAX = { lieu: 200, lieu_adresse: 300 } as const
/** Longest accepted rich-text description, in characters of HTML. */
export const RICH_TEXT_MAX = 50_000

/**
 * The year shown and stored for an event (back-office spec §5: annee derives from the date;
 * default year the current one).
 *
 * @param date - "YYYY-MM-DD", possibly empty or invalid.
 * @param now - the current instant (default now), for the fallback year.
 */
export function eventYear(date: string | null | undefined, now: Date = new Date()): number {
  return date && isCalendarDay(date) ? Number(date.slice(0, 4)) : now.getFullYear()
}

/** Optional rich text (HTML from the editor, sanitized by the use case): '' → null. */
export const optionalRichText = z
  .string()
  .max(RICH_TEXT_MAX, 'Le texte est trop long')
  .optional()
  .transform((value) => value?.trim() || null)

/**
 * The timeline event form (back-office spec §3 "Timeline event", §5, §9): date_evenement
 * ("YYYY-MM-DD", required, a real day) and titre (required) — annee is derived from the date by the
 * use case —, description (rich text), type (default projet), image_url, affiche, ordre (integer,
 * fallback 0), and where it takes place: lieu and lieu_adresse (optional, issue #36 §6).
 */
export const eventSchema = z.object({
  date_evenement: z
    .string({ error: 'La date est obligatoire' })
    .trim()
    .min(1, 'La date est obligatoire')
    .refine(isCalendarDay, 'La date est invalide'),
  titre: requiredText(EVENT_TITLE_MAX, 'Le titre'),
  description: optionalRichText,
  type: z.preprocess(
    (value) => (value === undefined || value === '' ? DEFAULT_EVENT_TYPE : value),
    z.enum(EVENT_FORM_TYPES, { error: 'Type invalide' }),
  ),
  image_url: optionalImageUrl,
  affiche: checkbox,
  ordre: integerOrZero,
  lieu: optionalText(EVENT_PLACE_MAX.lieu, `Le lieu ne doit pas dépasser ${EVENT_PLACE_MAX.lieu} caractères`),
  lieu_adresse: optionalText(
    EVENT_PLACE_MAX.lieu_adresse,
    `L'adresse ne doit pas dépasser ${EVENT_PLACE_MAX.lieu_adresse} caractères`,
  ),
})
export type EventInput = z.infer<typeof eventSchema>

/** The event's create, update, delete and visibility (`affiche`) intents. */
export const eventSchemas = rowSchemas(eventSchema, {
  column: 'affiche',
  gone: 'Événement introuvable.',
  failure: { save: 'Une erreur est survenue', delete: 'Une erreur est survenue' },
  success: successToasts({ name: 'Événement', the: "l'événement" }),
})

/** A CSS size of the banner (back-office spec §5: px, vh, vw, rem, %), e.g. '320px' or '100%'. */
export const CSS_SIZE = /^\d+(?:\.\d+)?(?:px|vh|vw|rem|%)$/

const optionalCssSize = z
  .string()
  .trim()
  .max(20, 'Taille invalide')
  .optional()
  .transform((value) => value || null)
  .refine(
    (value) => value === null || CSS_SIZE.test(value),
    'Taille invalide : un nombre suivi de px, vh, vw, rem ou % (ex. 320px, 100%)',
  )

/**
 * The parcours page configuration sub-form (back-office spec §2 "Timeline events", §5 "Parcours
 * page config: titre required", §7 pages_config 'parcours'): titre, description (rich text),
 * image_url (folder 'pages'), image_height and image_width (CSS sizes, optional).
 */
export const parcoursPageSchema = z.object({
  titre: requiredText(EVENT_TITLE_MAX, 'Le titre'),
  description: optionalRichText,
  image_url: optionalImageUrl,
  image_height: optionalCssSize,
  image_width: optionalCssSize,
})
export type ParcoursPageInput = z.infer<typeof parcoursPageSchema>
