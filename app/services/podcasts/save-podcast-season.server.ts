import { type Executor, getDb } from '#app/db/client.server'
import { saisonsPodcast } from '#app/db/schema'
import type { SeasonInput } from '#app/lib/admin/podcast-schema'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { updateRowWithImage } from '#app/services/rows.server'

/** What the screen says when the season it works on was deleted meanwhile. */
export const SEASON_GONE = "Cette saison n'existe plus."

function values(input: SeasonInput) {
  return { ...input, description: sanitizeOptionalRichText(input.description) }
}

/**
 * Creates a podcast season (back-office spec §7 "saisons_podcast: insert"), its description
 * sanitized on write (DESIGN.md §5).
 *
 * @param input - validated form values (seasonSchema).
 * @returns the new season's id.
 */
export async function createPodcastSeason(input: SeasonInput, executor: Executor = getDb()): Promise<string> {
  const [row] = await executor
    .insert(saisonsPodcast)
    .values(values(input))
    .returning({ id: saisonsPodcast.id })
  if (!row) throw new Error('saison non insérée')
  return row.id
}

/**
 * Updates a podcast season (back-office spec §7 "saisons_podcast: update"); when its image was
 * replaced or removed, the old file is released once the update is stored (issue #3 §4).
 *
 * @param id - the season's id (a UUID).
 * @param input - validated form values (seasonSchema).
 * @throws UseCaseError not-found when no season has this id (nothing changed).
 */
export function updatePodcastSeason(id: string, input: SeasonInput, executor?: Executor): Promise<void> {
  return updateRowWithImage(saisonsPodcast, id, values(input), SEASON_GONE, { executor })
}
