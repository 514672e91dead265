import { count, eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { SEASON_GONE } from './save-podcast-season.server'

/**
 * Deletes a podcast season (back-office spec §7 "saisons_podcast: delete"). Its episodes are kept,
 * without a season (foreign key `on delete set null`): the confirmation says so. The season's image
 * is released after the deletion (issue #3 §4).
 *
 * @param id - the season's id (a UUID).
 * @returns how many episodes were left without a season.
 * @throws UseCaseError not-found when no season has this id.
 */
export async function deletePodcastSeason(
  id: string,
  executor: Executor = getDb(),
): Promise<{ detachedEpisodes: number }> {
  const deleted = await executor.transaction(async (tx) => {
    const [episodes] = await tx
      .select({ total: count() })
      .from(episodesPodcast)
      .where(eq(episodesPodcast.saison_id, id))
    const [row] = await tx
      .delete(saisonsPodcast)
      .where(eq(saisonsPodcast.id, id))
      .returning({ image_url: saisonsPodcast.image_url })
    return row ? { image_url: row.image_url, detachedEpisodes: Number(episodes?.total ?? 0) } : null
  })
  if (!deleted) throw notFound(SEASON_GONE)
  await releaseMedia([deleted.image_url])
  return { detachedEpisodes: deleted.detachedEpisodes }
}
