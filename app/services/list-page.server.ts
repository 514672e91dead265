import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { type PageInfo, pageWindow } from '#app/lib/pagination'

/**
 * The text a back-office search reads (issue #35 §2): the columns joined by spaces, accents
 * removed by `encre_unaccent` (migration 0009). Written the way the trigram indexes of migration
 * 0010 are, so `ILIKE` on it uses them: one column → `encre_unaccent(col)`, several →
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
 * @param columns - the text columns searched (see {@link searchText}).
 * @returns the SQL condition, or undefined for an empty search.
 */
export function matchesSearch(q: string, columns: ReadonlyArray<AnyPgColumn>): SQL | undefined {
  if (q === '') return undefined
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return sql`${searchText(columns)} ilike encre_unaccent(${pattern})`
}

/**
 * One page of a back-office list (issue #35 §2): counts the rows, then reads the page's window.
 * A page past the end shows the last page (documented behaviour of the back-office lists), so a
 * list emptied by a bulk action or a stale link never shows an empty page among full ones.
 *
 * @param page - the page asked for (≥ 1).
 * @param pageSize - rows per page.
 * @param count - counts the rows of the whole list (all pages).
 * @param read - reads `limit` rows from `offset`, in the list's order.
 * @returns `{ rows, info }`: the page's rows and {@link PageInfo} (info.page is the page shown).
 */
export async function readListPage<Row>(
  page: number,
  pageSize: number,
  count: () => Promise<number>,
  read: (limit: number, offset: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; info: PageInfo }> {
  const total = await count()
  const asked = pageWindow(page, pageSize, total)
  const window = asked.exists ? asked : pageWindow(asked.info.pageCount, pageSize, total)
  const rows = total === 0 ? [] : await read(window.limit, window.offset)
  return { rows, info: window.info }
}

/** `count(*)` as a number, for {@link readListPage}'s count queries. */
export const countAll = sql<number>`count(*)`.mapWith(Number)

/**
 * The order « by name » of a back-office list (issue #35 §2): case and accents ignored, so
 * « Établi » comes between « Atelier » and « Pinceaux »; rows without a name last.
 *
 * @param column - the name or title column.
 */
export function byName(column: AnyPgColumn): SQL {
  return sql`lower(encre_unaccent(${column})) asc nulls last`
}
