import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { type PageInfo, pageWindow } from '#app/lib/pagination'

/**
 * The text a back-office search reads (issue #35 §2): the columns joined by spaces, accents
 * removed by `encre_unaccent` (migration 0009). Written the way the trigram indexes of migration
 * 0011 are, so `ILIKE` on it uses them: one column → `encre_unaccent(col)`, several →
 * `encre_unaccent(coalesce(a, '') || ' ' || coalesce(b, '') …)`.
 *
 * @param columns - the text columns searched, in the index's order.
 */
export function searchText(columns: ReadonlyArray<AnyPgColumn>): SQL {
  if (columns.length === 1) return sql`encre_unaccent(${columns[0]})`
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  )
  return sql`encre_unaccent(${joined})`
}

/**
 * The condition « contains the search », case and accents ignored (issue #35 §2): « ete » finds
 * « Été ». `%`, `_` and `\` in the search are taken literally.
 *
 * @param q - the search ('' matches everything: the condition is undefined).
 * @param columns - the text columns searched (see {@link searchText}), or the SQL of a stored
 *   column that already holds their text without accents (a `GENERATED … STORED` column, as
 *   `contact_messages.recherche_liste`: a search matching thousands of rows then does not run
 *   `encre_unaccent` on each).
 * @returns the SQL condition, or undefined for an empty search.
 */
export function matchesSearch(q: string, columns: ReadonlyArray<AnyPgColumn> | SQL): SQL | undefined {
  if (q === '') return undefined
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  const text = Array.isArray(columns) ? searchText(columns) : columns
  return sql`${text} ilike encre_unaccent(${pattern})`
}

/** One page of a list as a service returns it: its rows and where it stands in the list. */
export type ListPage<T> = { items: T[]; info: PageInfo }

/**
 * Reads one page of a public list (issue #35 §1): the list's size and the page's rows, in two
 * queries run together, so the cost of a page does not depend on the list's length.
 *
 * @param page - the page asked for (≥ 1, from `parsePageParam`).
 * @param pageSize - rows per page (≥ 1).
 * @param count - counts the rows of the whole list.
 * @param read - reads `limit` rows from `offset` (0-based), in the list's order.
 * @returns the page, or null when `page` is past the last page (page 1 of an empty list exists):
 *   public pages answer 404 there (decision 034).
 * @throws what `count` or `read` throw.
 */
export async function readPage<T>(
  page: number,
  pageSize: number,
  count: () => Promise<number>,
  read: (limit: number, offset: number) => Promise<T[]>,
): Promise<ListPage<T> | null> {
  const { limit, offset } = pageWindow(page, pageSize, 0)
  const [total, items] = await Promise.all([count(), read(limit, offset)])
  const window = pageWindow(page, pageSize, total)
  return window.exists ? { items, info: window.info } : null
}

/**
 * One page of a back-office list (issue #35 §2): {@link readPage}, except that a page past the end
 * shows the last page (decision 035), so a list emptied by a bulk action or a stale link never
 * shows an empty page among full ones. Counts first, then reads the page shown: `read` gets
 * the count too, to choose how to read (few matches of a search are best sorted whole).
 *
 * @returns `{ rows, info }`: the page's rows and {@link PageInfo} (info.page is the page shown).
 * @throws what `count` or `read` throw.
 */
export async function readListPage<Row>(
  page: number,
  pageSize: number,
  count: () => Promise<number>,
  read: (limit: number, offset: number, total: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; info: PageInfo }> {
  const total = await count()
  const asked = pageWindow(page, pageSize, total)
  const window = asked.exists ? asked : pageWindow(asked.info.pageCount, pageSize, total)
  const rows = total === 0 ? [] : await read(window.limit, window.offset, total)
  return { rows, info: window.info }
}

/**
 * The order « by name » of a back-office list (issue #35 §2): case and accents ignored, so
 * « Établi » comes between « Atelier » and « Pinceaux »; rows without a name last.
 *
 * @param column - the name or title column.
 */
export function byName(column: AnyPgColumn): SQL {
  return sql`lower(encre_unaccent(${column})) asc nulls last`
}
