import { getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'

/** Inserts a season for a test (defaults: displayed, ordre 0). @returns the stored row. */
export async function insertSeason(values: Partial<typeof saisonsPodcast.$inferInsert> & { nom: string }) {
  const [row] = await getDb().insert(saisonsPodcast).values(values).returning()
  if (!row) throw new Error('saison non insérée')
  return row
}

/** Inserts an episode for a test (default here: published). @returns the stored row. */
export async function insertEpisode(
  values: Partial<typeof episodesPodcast.$inferInsert> & { titre: string },
) {
  const [row] = await getDb()
    .insert(episodesPodcast)
    .values({ publie: true, ...values })
    .returning()
  if (!row) throw new Error('épisode non inséré')
  return row
}
