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

/** Route params that are not a usable id: each must answer the page's 404 fallback. */
export const MALFORMED_IDS: ReadonlyArray<[label: string, id: string]> = [
  ['a word', 'abc'],
  ['a negative number', '-1'],
  ['zero', '0'],
  ['SQL', "' OR 1=1--"],
  ['SQL with a uuid', "00000000-0000-0000-0000-000000000000' OR '1'='1"],
  ['a 10 KB string', 'a'.repeat(10_000)],
  ['a uuid with a trailing space', '7c9e6679-7425-40de-944b-e07fc1f90ae7 '],
  ['an empty string', ''],
]
