import { eq, sql } from 'drizzle-orm'
import { type Executor, getDb, queryRows } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'
import { notFound, refused } from '#app/lib/use-case-error'

const ORDER_REFUSED = "Erreur lors de la mise à jour de l'ordre"
const PHOTO_GONE = "Cette photo n'existe plus."

/** Every photo's rank from 1 in the order /atelier and the back-office show (ordre, cree_le, id). */
const RANKED = sql`select ${photosAtelier.id} as id,
  row_number() over (order by ${photosAtelier.ordre}, ${photosAtelier.cree_le}, ${photosAtelier.id}) as rang
  from ${photosAtelier}`

/**
 * Reorders the photos of one page of /admin/photos-atelier (back-office spec §4 "Reordering by drag
 * renumbers all photos from 1 in the new sequence"; issue #35 §2: drag-and-drop within a page): the
 * photos named take, in the order given, the places they held among all photos; then every photo
 * is renumbered from 1, in one statement and one transaction. A list with an unknown, repeated or
 * malformed id (say another tab deleted a photo meanwhile) is refused and nothing changes.
 *
 * @param ids - the page's photo ids, in their new order (1 to 10,000).
 * @throws UseCaseError invalid when an id is unknown or repeated (nothing changed).
 */
export async function reorderAtelierPhotos(
  ids: ReadonlyArray<string>,
  executor: Executor = getDb(),
): Promise<void> {
  if (ids.length === 0 || new Set(ids).size !== ids.length) throw refused(ORDER_REFUSED)
  return executor.transaction(async (tx) => {
    await tx.execute(sql`lock table ${photosAtelier} in share row exclusive mode`)
    const wanted = sql.join(
      ids.map((id, index) => sql`(${id}::uuid, ${index + 1}::bigint)`),
      sql`, `,
    )
    const [found] = await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from ${photosAtelier} where ${photosAtelier.id} in (select id from (values ${wanted}) as w(id, k))`,
    )
    if (Number(found?.n ?? 0) !== ids.length) throw refused(ORDER_REFUSED)
    await tx.execute(
      sql`with ranked as (${RANKED}),
        wanted as (select * from (values ${wanted}) as w(id, k)),
        slots as (select r.rang, row_number() over (order by r.rang) as k from ranked r join wanted w on w.id = r.id),
        placed as (select w.id, s.rang from wanted w join slots s on s.k = w.k),
        renumbered as (select r.id, coalesce(p.rang, r.rang) as rang from ranked r left join placed p on p.id = r.id)
        update ${photosAtelier} set ordre = renumbered.rang from renumbered
        where ${photosAtelier.id} = renumbered.id and ${photosAtelier.ordre} <> renumbered.rang`,
    )
  })
}

/**
 * Moves one studio photo to a position among all photos (issue #35 §2: "a row can be moved to a
 * position by number", across pages): the others keep their order around it, and every photo is
 * renumbered from 1 (`ordre` = position), in one statement and one transaction.
 *
 * @param id - the photo's id.
 * @param position - the wanted position from 1; past the last, the photo goes last.
 * @returns the position the photo took (1 … number of photos).
 * @throws UseCaseError not-found when no photo has this id (nothing changed).
 */
export async function moveAtelierPhoto(
  id: string,
  position: number,
  executor: Executor = getDb(),
): Promise<number> {
  return executor.transaction(async (tx) => {
    await tx.execute(sql`lock table ${photosAtelier} in share row exclusive mode`)
    const [photo] = await tx
      .select({ id: photosAtelier.id })
      .from(photosAtelier)
      .where(eq(photosAtelier.id, id))
    if (!photo) throw notFound(PHOTO_GONE)
    const [total] = await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from ${photosAtelier}`,
    )
    const place = Math.min(Math.max(1, Math.floor(position)), Number(total?.n ?? 1))
    await tx.execute(
      sql`with others as (
          select ${photosAtelier.id} as id,
            row_number() over (order by ${photosAtelier.ordre}, ${photosAtelier.cree_le}, ${photosAtelier.id}) as rang
          from ${photosAtelier} where ${photosAtelier.id} <> ${id}::uuid
        ),
        renumbered as (
          select id, case when rang >= ${place} then rang + 1 else rang end as rang from others
          union all select ${id}::uuid, ${place}::bigint
        )
        update ${photosAtelier} set ordre = renumbered.rang from renumbered
        where ${photosAtelier.id} = renumbered.id and ${photosAtelier.ordre} <> renumbered.rang`,
    )
    return place
  })
}
