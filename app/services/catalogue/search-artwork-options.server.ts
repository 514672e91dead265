import { asc } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { byName, matchesSearch } from '#app/services/list-page.server'

/** Most works a picker lists for one search (issue #35 §2). */
export const ARTWORK_OPTIONS_LIMIT = 20

/**
 * The works whose name contains the search, accents and case ignored (issue #35 §2: the auction
 * form's artwork picker, which no longer lists every work), by name; hidden works included (an
 * auction may show a work the portfolio hides). Uses the trigram index of migration 0010.
 *
 * @param q - the search (trimmed by the caller); '' answers no work.
 * @param limit - most works answered (default {@link ARTWORK_OPTIONS_LIMIT}).
 * @returns `[{ id, nom }]`, at most `limit`.
 */
export async function searchArtworkOptions(
  q: string,
  limit = ARTWORK_OPTIONS_LIMIT,
  executor: Executor = getDb(),
): Promise<Array<{ id: string; nom: string }>> {
  if (q === '') return []
  return executor
    .select({ id: oeuvres.id, nom: oeuvres.nom })
    .from(oeuvres)
    .where(matchesSearch(q, [oeuvres.nom]))
    .orderBy(byName(oeuvres.nom), asc(oeuvres.id))
    .limit(limit)
}
