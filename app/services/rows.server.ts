import { eq } from 'drizzle-orm'
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { type Executor, getDb } from '#app/db/client.server'
import { isUuid } from '#app/lib/ids'
import { notFound } from '#app/lib/use-case-error'

/** A content table keyed by a UUID column `id` (oeuvres, articles, photos_atelier…). */
type TableWithId = PgTable & { id: AnyPgColumn }

/**
 * Changes one or more columns of one row, found by id (the one-click switches of the back-office:
 * visible, published, read — back-office spec §7 "update affichee / publie / lu").
 *
 * @param table - the Drizzle table, with a UUID `id` column.
 * @param id - the row's id (anything; a malformed id is "not found").
 * @param values - the columns to set, e.g. `{ affichee: true }`.
 * @param gone - the French text when no row has this id, e.g. "Cette photo n'existe plus.".
 * @param executor - the database or the transaction to write in (default: the database).
 * @throws UseCaseError not-found when no row has this id (nothing changed).
 */
export async function setRowFlag<T extends TableWithId>(
  table: T,
  id: string,
  values: PgUpdateSetSource<T>,
  gone: string,
  executor: Executor = getDb(),
): Promise<void> {
  if (!isUuid(id)) throw notFound(gone)
  const rows = await executor
    .update(table as PgTable)
    .set(values as PgUpdateSetSource<PgTable>)
    .where(eq(table.id, id))
    .returning({ id: table.id })
  if (rows.length === 0) throw notFound(gone)
}
