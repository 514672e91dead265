import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { saisonsPodcast } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { SEASON_GONE } from './save-podcast-season.server'

/**
 * Shows or hides a podcast season on the public site (back-office spec §4 "Season affichee:
 * toggled by one click", §7 "update affichee").
 *
 * @param id - the season's id (a UUID).
 * @param affichee - the new visibility.
 * @throws UseCaseError not-found when no season has this id.
 */
export async function setPodcastSeasonVisibility(
  id: string,
  affichee: boolean,
  executor: Executor = getDb(),
): Promise<void> {
  const rows = await executor
    .update(saisonsPodcast)
    .set({ affichee })
    .where(eq(saisonsPodcast.id, id))
    .returning({ id: saisonsPodcast.id })
  if (rows.length === 0) throw notFound(SEASON_GONE)
}
