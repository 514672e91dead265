import { z } from 'zod'
import {
  checkbox,
  integerOrZero,
  optionalImageUrl,
  optionalText,
  rowIdSchema,
  visibilitySchema,
} from './form-fields'

/** Longest accepted name or title, in characters. */
export const PODCAST_NAME_MAX = 200
/** Longest accepted rich-text description, in characters of HTML. */
export const PODCAST_RICH_TEXT_MAX = 50_000
/** Longest accepted transcription, in characters. */
export const PODCAST_TRANSCRIPTION_MAX = 200_000
/** Longest accepted player embed code, in characters. */
export const PODCAST_PLAYER_CODE_MAX = 10_000
/** Value of the season select meaning "no season" (back-office spec §5: sent as null). */
export const NO_SEASON = 'none'

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether a "YYYY-MM-DD" text is a real calendar day with a year 1000–9999 ('2024-02-30' is not). */
export function isPublicationDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1000) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * The podcast season form (back-office spec §3 "Podcast season", §5 "Season: nom required"): nom,
 * description (rich text, sanitized by the use case), image_url (folder 'saisons-podcast'), ordre
 * (integer, fallback 0), affichee (switch; default on in the form).
 */
export const seasonSchema = z.object({
  nom: z
    .string({ error: 'Le nom est obligatoire' })
    .trim()
    .min(1, 'Le nom est obligatoire')
    .max(PODCAST_NAME_MAX, `Le nom ne doit pas dépasser ${PODCAST_NAME_MAX} caractères`),
  description: optionalText(PODCAST_RICH_TEXT_MAX, 'La description est trop longue'),
  image_url: optionalImageUrl,
  ordre: integerOrZero,
  affichee: checkbox,
})
export type SeasonInput = z.infer<typeof seasonSchema>

/**
 * The podcast episode form (back-office spec §3 "Podcast episode", §5 "Episode: titre required;
 * season 'none' is sent as null; empty publication date sent as null"): titre, saison_id ('none' →
 * null, else a season id), resume, description (rich text), transcription, image_url (folder
 * 'episodes-podcast'), code_player_html (embed code, stored as pasted), duree (free text),
 * date_publication ("YYYY-MM-DD" day in the site's time zone, '' → null), publie, ordre.
 */
export const episodeSchema = z.object({
  titre: z
    .string({ error: 'Le titre est obligatoire' })
    .trim()
    .min(1, 'Le titre est obligatoire')
    .max(PODCAST_NAME_MAX, `Le titre ne doit pas dépasser ${PODCAST_NAME_MAX} caractères`),
  saison_id: z
    .string()
    .trim()
    .optional()
    .transform((value) => (!value || value === NO_SEASON ? null : value))
    .refine((value) => value === null || z.uuid().safeParse(value).success, 'Cette saison est introuvable'),
  resume: optionalText(5000, 'Le résumé ne doit pas dépasser 5 000 caractères'),
  description: optionalText(PODCAST_RICH_TEXT_MAX, 'La description est trop longue'),
  transcription: optionalText(PODCAST_TRANSCRIPTION_MAX, 'La transcription est trop longue'),
  image_url: optionalImageUrl,
  code_player_html: optionalText(
    PODCAST_PLAYER_CODE_MAX,
    `Le code du lecteur ne doit pas dépasser ${PODCAST_PLAYER_CODE_MAX.toLocaleString('fr-FR')} caractères`,
  ),
  duree: optionalText(50, 'La durée ne doit pas dépasser 50 caractères'),
  date_publication: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isPublicationDay(value), 'La date de publication est invalide'),
  publie: checkbox,
  ordre: integerOrZero,
})
export type EpisodeInput = z.infer<typeof episodeSchema>

/** Id of a season or episode in the update, delete and toggle intents. */
export const podcastIdSchema = rowIdSchema('Élément introuvable.')

/** The season form of the update intent: its id and its fields. */
export const seasonUpdateSchema = seasonSchema.extend(podcastIdSchema.shape)

/** The episode form of the update intent: its id and its fields. */
export const episodeUpdateSchema = episodeSchema.extend(podcastIdSchema.shape)

/** A season's one-click visibility (`affichee`). */
export const seasonVisibilitySchema = visibilitySchema('affichee', 'Élément introuvable.')

/** An episode's one-click publication (`publie`). */
export const episodeVisibilitySchema = visibilitySchema('publie', 'Élément introuvable.')
