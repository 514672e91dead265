import { sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'

/**
 * Renumbers every studio photo from 1 in the order given, in one transaction (back-office spec §4
 * "Reordering by drag renumbers all photos from 1 in the new sequence"; the original's one call per
 * photo could leave a half-applied order). The list must name every photo exactly once: a list
 * with an unknown, missing or repeated id (say another tab added a photo meanwhile) is refused and
 * nothing changes.
 *
 * @param ids - every photo id, in the new order.
 * @returns true when applied; false when refused.
 */
export async function reorderAtelierPhotos(
  ids: ReadonlyArray<string>,
  executor: Executor = getDb(),
): Promise<boolean> {
  if (ids.length === 0 || new Set(ids).size !== ids.length) return false
  return executor.transaction(async (tx) => {
    await tx.execute(sql`lock table ${photosAtelier} in share row exclusive mode`)
    const current = await tx.select({ id: photosAtelier.id }).from(photosAtelier)
    const wanted = new Set(ids)
    if (current.length !== ids.length || current.some((row) => !wanted.has(row.id))) return false
    const pairs = sql.join(
      ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::integer)`),
      sql`, `,
    )
    await tx.execute(
      sql`update ${photosAtelier} set ordre = v.ordre
          from (values ${pairs}) as v(id, ordre)
          where ${photosAtelier.id} = v.id`,
    )
    return true
  })
}
