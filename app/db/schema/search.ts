import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/**
 * Characters of each text that are searched: a tsvector holds at most 1 MB and word positions
 * stop at 16,383, so the end of a very long text would only make a save fail, never a better find.
 */
const MAX_SEARCHED_CHARS = 100_000

/**
 * The French full-text document of a searchable row (issue #35 §3): its title weighted 'A', its
 * other texts weighted 'B', in the `encre_fr` configuration of drizzle/0009_search_extensions.sql
 * (French stemming, accents ignored; HTML tags are skipped by the parser). The same expression
 * builds each table's GIN index (below, in the tables) and each search query
 * (app/services/search/search-site.server.ts), so PostgreSQL answers the search from the index.
 * The configuration is written as a literal, never a parameter: an index matches only its own
 * expression.
 *
 * @param title - the title column (weight A).
 * @param texts - the other searched columns (weight B); nulls count as empty.
 * @returns a `tsvector` SQL expression.
 */
export function searchDocument(title: AnyPgColumn, ...texts: AnyPgColumn[]): SQL {
  const body = sql.join(
    texts.map((column) => sql`left(coalesce(${column}, ''), ${sql.raw(String(MAX_SEARCHED_CHARS))})`),
    sql` || ' ' || `,
  )
  return sql`(setweight(to_tsvector('encre_fr'::regconfig, coalesce(${title}, '')), 'A') || setweight(to_tsvector('encre_fr'::regconfig, ${body}), 'B'))`
}
