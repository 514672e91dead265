import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { saisonsPodcast } from '#app/db/schema'

/**
 * Shows or hides a podcast season on the public site (back-office spec §4 "Season affichee:
 * toggled by one click", §7 "update affichee").
 *
 * @param id - the season's id (a UUID).
 * @param affichee - the new visibility.
 * @returns false when no season has this id.
 */
export async function setPodcastSeasonVisibility(
  id: string,
  affichee: boolean,
  executor: Executor = getDb(),
): Promise<boolean> {
  const rows = await executor
    .update(saisonsPodcast)
    .set({ affichee })
    .where(eq(saisonsPodcast.id, id))
    .returning({ id: saisonsPodcast.id })
  return rows.length > 0
}
