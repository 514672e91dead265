import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

/**
 * The French full-text document of a searchable row (issue #35 §3): the column `recherche`, a
 * `tsvector` GENERATED ALWAYS … STORED by drizzle/0013_search_columns.sql on `oeuvres`,
 * `articles`, `episodes_podcast` and `evenements` — the title weighted 'A', the other texts
 * weighted 'B' (each cut to 100,000 characters: a tsvector holds at most 1 MB), in the `encre_fr`
 * configuration of drizzle/0009_search_extensions.sql (French stemming, accents ignored; HTML
 * tags skipped by the parser), with a GIN index on it.
 *
 * Stored rather than an expression index: a match found in the index is checked against the row,
 * and ranking reads the title's words; from an expression both meant running `to_tsvector` again
 * on each match (130–180 ms for a word found in 6,339 rows at 100× on PGlite, 60 ms on
 * PostgreSQL), from the column they read it.
 *
 * The column is declared in SQL only, not among the tables' drizzle columns: no select, insert or
 * `returning` of the app ever carries it; backups skip generated columns; only the search reads it,
 * through {@link searchColumn}.
 */
export const SEARCH_COLUMN: SQL = sql`"recherche"`

/**
 * The search document of `table`'s row, qualified by the table's name (for queries with joins).
 *
 * @param table - one of oeuvres, articles, episodes_podcast, evenements.
 * @returns the `tsvector` column as SQL.
 */
export function searchColumn(table: PgTable): SQL {
  return sql`${table}."recherche"`
}

/**
 * The French words of `table`'s title alone: the column `recherche_titre`, a `tsvector`
 * `to_tsvector('encre_fr', titre)` GENERATED … STORED by drizzle/0019_search_titles.sql (SQL only,
 * as {@link SEARCH_COLUMN}), qualified by the table's name. Ranking a match by its title reads this
 * small vector rather than the whole document.
 *
 * @param table - one of oeuvres, articles, episodes_podcast, evenements.
 * @returns the `tsvector` column as SQL.
 */
export function searchTitleColumn(table: PgTable): SQL {
  return sql`${table}."recherche_titre"`
}
