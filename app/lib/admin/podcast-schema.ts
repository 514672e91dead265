import { z } from 'zod'
import {
  checkbox,
  integerOrZero,
  isCalendarDay,
  optionalImageUrl,
  optionalText,
  requiredText,
  rowSchemas,
} from './form-fields'
import { namedToasts } from './row-toasts'

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

/**
 * The podcast season form (back-office spec §3 "Podcast season", §5 "Season: nom required"): nom,
 * description (rich text, sanitized by the use case), image_url (folder 'saisons-podcast'), ordre
 * (integer, fallback 0), affichee (switch; default on in the form).
 */
export const seasonSchema = z.object({
  nom: requiredText(PODCAST_NAME_MAX, 'Le nom'),
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
  titre: requiredText(PODCAST_NAME_MAX, 'Le titre'),
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
    .refine((value) => value === null || isCalendarDay(value), 'La date de publication est invalide'),
  publie: checkbox,
  ordre: integerOrZero,
})
export type EpisodeInput = z.infer<typeof episodeSchema>

/** The season's create, update, delete and visibility (`affichee`) intents. */
export const seasonSchemas = rowSchemas(seasonSchema, {
  column: 'affichee',
  gone: 'Élément introuvable.',
  failure: { save: 'Impossible de sauvegarder la saison', delete: 'Impossible de supprimer la saison' },
  success: namedToasts({ name: 'Saison', the: 'la saison', feminine: true }),
})

/** The episode's create, update, delete and publication (`publie`) intents. */
export const episodeSchemas = rowSchemas(episodeSchema, {
  column: 'publie',
  gone: 'Élément introuvable.',
  failure: {
    save: "Impossible de sauvegarder l'épisode",
    delete: "Impossible de supprimer l'épisode",
    visibility: 'Impossible de modifier la publication',
  },
  success: namedToasts({ name: 'Épisode', the: "l'épisode" }, 'publié'),
})
