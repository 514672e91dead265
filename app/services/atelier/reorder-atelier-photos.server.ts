import { sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'
import { refused } from '#app/lib/use-case-error'

const ORDER_REFUSED = "Erreur lors de la mise à jour de l'ordre"

/**
 * Renumbers every studio photo from 1 in the order given, in one transaction (back-office spec §4
 * "Reordering by drag renumbers all photos from 1 in the new sequence"; the original's one call per
 * photo could leave a half-applied order). The list must name every photo exactly once: a list
 * with an unknown, missing or repeated id (say another tab added a photo meanwhile) is refused and
 * nothing changes.
 *
 * @param ids - every photo id, in the new order.
 * @throws UseCaseError invalid when the ids are not every photo once (nothing changed).
 */
export async function reorderAtelierPhotos(
  ids: ReadonlyArray<string>,
  executor: Executor = getDb(),
): Promise<void> {
  if (ids.length === 0 || new Set(ids).size !== ids.length) throw refused(ORDER_REFUSED)
  return executor.transaction(async (tx) => {
    await tx.execute(sql`lock table ${photosAtelier} in share row exclusive mode`)
    const current = await tx.select({ id: photosAtelier.id }).from(photosAtelier)
    const wanted = new Set(ids)
    if (current.length !== ids.length || current.some((row) => !wanted.has(row.id)))
      throw refused(ORDER_REFUSED)
    const pairs = sql.join(
      ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::integer)`),
      sql`, `,
    )
    await tx.execute(
      sql`update ${photosAtelier} set ordre = v.ordre
          from (values ${pairs}) as v(id, ordre)
          where ${photosAtelier.id} = v.id`,
    )
  })
}
