import { and, eq, isNull, or, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import { type Executor, getDb, type Transaction } from '#app/db/client.server'
import { isUuid } from '#app/lib/ids'
import { notFound } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'

/**
 * The use cases of a back-office screen of rows (back-office spec §7: artworks, categories,
 * articles, timeline events, podcast seasons and episodes, studio photos), declared once by each
 * area beside them (`categoryRows`, `seasonRows`…) and answered by the route's `rowIntents`
 * (app/http/admin-action.server.ts), which calls them with exactly these arguments:
 * - `create(input)`: the validated form → the new row's id;
 * - `update(id, input)`: the row's id (anything) and the validated form;
 * - `remove(id)`: the row's id;
 * - `setVisibility(id, visible)`: the row's id and its new state (shown, published).
 * Each throws the `UseCaseError` (app/lib/use-case-error.ts) its use case says (not-found for an
 * unknown id…).
 */
export type RowCommands<Input, UpdateInput = Input> = {
  create: (input: Input) => Promise<string>
  update: (id: string, input: UpdateInput) => Promise<unknown>
  remove: (id: string) => Promise<unknown>
  setVisibility: (id: string, visible: boolean) => Promise<unknown>
}

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

/**
 * Whether the group a row is put in exists — an artwork's category, an episode's season — read in
 * the caller's transaction and locked (FOR SHARE) until it ends, so the group cannot be deleted
 * before the row is stored. No group (null) counts as existing.
 *
 * @param table - the group table, with a UUID `id` column.
 * @param id - the chosen group's id (a validated UUID), or null for none.
 * @param tx - the caller's transaction.
 * @returns false only when `id` names no row.
 */
export async function groupExists(table: TableWithId, id: string | null, tx: Executor): Promise<boolean> {
  if (id === null) return true
  const [row] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for('share')
  return Boolean(row)
}

/** A content table whose row shows one uploaded image (`image_url`). */
type TableWithImage = TableWithId & { image_url: AnyPgColumn }

/**
 * Replaces the fields of one row that shows an image, then releases the image it no longer shows
 * (back-office spec §7 "update by id"; issue #3 §4: files no row references are deleted). The row
 * is locked for the update; `check` runs in the same transaction first, so a refusal changes
 * nothing.
 *
 * @param table - the Drizzle table, with a UUID `id` and an `image_url` column.
 * @param id - the row's id (anything; a malformed id is "not found").
 * @param values - the columns to store (sanitized already), `image_url` among them.
 * @param gone - the French text when no row has this id, e.g. "Cette saison n'existe plus.".
 * @param options.check - a rule to enforce inside the transaction (throws a UseCaseError).
 * @param options.executor - the database or a caller's transaction (default: the database).
 * @throws UseCaseError not-found when no row has this id, or the error `check` throws; nothing
 *   changed then.
 */
export async function updateRowWithImage<T extends TableWithImage>(
  table: T,
  id: string,
  values: PgUpdateSetSource<T> & { image_url: string | null },
  gone: string,
  options: { check?: (tx: Transaction) => Promise<void>; executor?: Executor } = {},
): Promise<void> {
  if (!isUuid(id)) throw notFound(gone)
  const executor = options.executor ?? getDb()
  const previousImage = await executor.transaction(async (tx) => {
    const [current] = await tx
      .select({ image_url: table.image_url })
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update')
    if (!current) throw notFound(gone)
    await options.check?.(tx)
    await tx
      .update(table as PgTable)
      .set(values as PgUpdateSetSource<PgTable>)
      .where(eq(table.id, id))
    return current.image_url as string | null
  })
  if (previousImage !== values.image_url) await releaseMedia([previousImage], executor)
}

/**
 * Deletes one row that shows an image, then releases that image once no other row uses it
 * (back-office spec §7 "delete by id"; issue #3 §4).
 *
 * @param table - the Drizzle table, with a UUID `id` and an `image_url` column.
 * @param id - the row's id (anything; a malformed id is "not found").
 * @param gone - the French text when no row has this id, e.g. "Cet épisode n'existe plus.".
 * @param executor - the database or a caller's transaction (default: the database).
 * @returns the deleted row, every column.
 * @throws UseCaseError not-found when no row has this id (nothing changed).
 */
export async function deleteRowWithImage<T extends TableWithImage>(
  table: T,
  id: string,
  gone: string,
  executor: Executor = getDb(),
): Promise<T['$inferSelect']> {
  if (!isUuid(id)) throw notFound(gone)
  const [deleted] = await executor
    .delete(table as PgTable)
    .where(eq(table.id, id))
    .returning()
  if (!deleted) throw notFound(gone)
  await releaseMedia([(deleted as { image_url: string | null }).image_url], executor)
  return deleted as T['$inferSelect']
}

/**
 * The public rule of a row that may belong to a group (public spec §4, §7: a hidden category takes
 * its artworks off the site, a hidden season its episodes): the row is shown, and it belongs to no
 * group or to a shown one. For a query that left-joins the group.
 *
 * @param row.shown - the row's own switch, e.g. `oeuvres.affichee`.
 * @param row.group - the row's group column, null for none, e.g. `oeuvres.categorie_id`.
 * @param groupShown - the joined group's switch, e.g. `categories.affichee`.
 * @returns the condition, for `.where()`.
 */
export function shownInShownGroup(
  row: { shown: AnyPgColumn; group: AnyPgColumn },
  groupShown: AnyPgColumn,
): SQL | undefined {
  return and(eq(row.shown, true), or(isNull(row.group), eq(groupShown, true)))
}
