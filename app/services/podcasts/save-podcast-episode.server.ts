import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import type { EpisodeInput } from '#app/lib/admin/podcast-schema'
import { sanitizeOptionalRichText, sanitizeRichText } from '#app/lib/sanitize.server'
import { publicationDayStart } from '#app/lib/time-zone'
import { refused } from '#app/lib/use-case-error'
import { groupExists, updateRowWithImage } from '#app/services/rows.server'

/** What the screen says when the episode it works on was deleted meanwhile. */
export const EPISODE_GONE = "Cet épisode n'existe plus."

/** The season select named a season deleted meanwhile: nothing is stored. */
const unknownSeason = () =>
  refused("Impossible de sauvegarder l'épisode", { saison_id: ['Cette saison est introuvable'] })

/** Same test as the public TextBlock: a text with a tag is rendered as HTML, so it must be sanitized. */
const HAS_TAG = /<[a-z][^>]*>/i

/** Plain text (résumé, transcription) is kept as typed; if it holds markup, it is sanitized like rich text. */
function plainOrSanitized(text: string | null): string | null {
  if (!text) return null
  return HAS_TAG.test(text) ? sanitizeRichText(text) || null : text
}

function values(input: EpisodeInput, timeZone: string) {
  return {
    ...input,
    resume: plainOrSanitized(input.resume),
    description: sanitizeOptionalRichText(input.description),
    transcription: plainOrSanitized(input.transcription),
    date_publication: input.date_publication ? publicationDayStart(input.date_publication, timeZone) : null,
  }
}

/**
 * Creates a podcast episode (back-office spec §7 "episodes_podcast: insert"). The description is
 * sanitized on write; a résumé or transcription holding markup too (the public page renders such
 * text as HTML). The player code is stored as pasted: the public page never inserts it raw
 * (DESIGN.md §5).
 *
 * @param input - validated form values (episodeSchema).
 * @param timeZone - IANA zone (SITE_TIMEZONE): the publication day starts at its midnight.
 * @returns the new episode's id.
 * @throws UseCaseError invalid when saison_id names no season (nothing stored).
 */
export async function createPodcastEpisode(
  input: EpisodeInput,
  timeZone: string,
  executor: Executor = getDb(),
): Promise<string> {
  return executor.transaction(async (tx) => {
    if (!(await groupExists(saisonsPodcast, input.saison_id, tx))) throw unknownSeason()
    const [row] = await tx
      .insert(episodesPodcast)
      .values(values(input, timeZone))
      .returning({ id: episodesPodcast.id })
    if (!row) throw new Error('épisode non inséré')
    return row.id
  })
}

/**
 * Updates a podcast episode (back-office spec §7 "episodes_podcast: update"), same rules as
 * {@link createPodcastEpisode}; a replaced or removed image is released after the update.
 *
 * @param id - the episode's id (a UUID).
 * @throws UseCaseError not-found (no episode has this id) or invalid (unknown season), nothing changed.
 */
export function updatePodcastEpisode(
  id: string,
  input: EpisodeInput,
  timeZone: string,
  executor?: Executor,
): Promise<void> {
  return updateRowWithImage(episodesPodcast, id, values(input, timeZone), EPISODE_GONE, {
    executor,
    check: async (tx) => {
      if (!(await groupExists(saisonsPodcast, input.saison_id, tx))) throw unknownSeason()
    },
  })
}
