import { setImmediate as nextTurn } from 'node:timers/promises'
import { type SQL, sql } from 'drizzle-orm'
import { type Executor, getDb, queryRows } from '#app/db/client.server'
import { referencedImageUrls } from '#app/media/image-references.server'
import { getStorage } from '#app/media/storage.server'

type MediaRow = { id: string; url: string; variantes: Array<{ url: string }> }

/** Most `medias` rows deleted by one statement: the rows returned, and PGlite's turn, stay small. */
const DELETE_BATCH = 200

/**
 * Deletes the `medias` rows matching `where` that no content row references — checked in the same
 * statement, so a row saved meanwhile keeps its image — then their files from the configured
 * storage (files of another storage, such as local ones never migrated to the bucket, stay).
 * Works {@link DELETE_BATCH} rows at a time, the event loop getting a turn between batches: the
 * cost of one statement and the memory do not grow with the number of images (issue #35 §4).
 */
async function deleteUnreferenced(where: SQL, executor: Executor): Promise<number> {
  const storage = getStorage()
  let deleted = 0
  for (;;) {
    // NOT EXISTS, not NOT IN: an anti-join, which a large set of references does not turn into a
    // scan of every reference for every image.
    const rows = await queryRows<MediaRow>(
      executor,
      sql`delete from medias
          where id in (
            select candidate.id from medias candidate
            where ${where}
              and not exists (select 1 from (${referencedImageUrls()}) refs where refs.url = candidate.url)
            limit ${DELETE_BATCH})
          returning id, url, variantes`,
    )
    for (const row of rows) {
      const urls = new Set([row.url, ...row.variantes.map((variant) => variant.url)])
      for (const url of urls) {
        const key = storage.keyOf(url)
        if (key) await storage.remove(key)
      }
    }
    deleted += rows.length
    if (rows.length < DELETE_BATCH) return deleted
    await nextTurn()
  }
}

/**
 * Deletes the uploaded files behind `urls` that no content row references any more (issue #3 §4:
 * "files no longer referenced by any row are deleted"): their `medias` row and every variant file.
 * Call it after the transaction that cleared or replaced the URLs has committed.
 *
 * @param urls - URLs that were just removed from a row; empty and unknown ones are ignored.
 * @returns how many images were deleted.
 */
export async function releaseMedia(
  urls: ReadonlyArray<string | null | undefined>,
  executor: Executor = getDb(),
): Promise<number> {
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))]
  if (wanted.length === 0) return 0
  return deleteUnreferenced(
    sql`url in (${sql.join(
      wanted.map((url) => sql`${url}`),
      sql`, `,
    )})`,
    executor,
  )
}

/**
 * Deletes images uploaded but never saved in any row — a form abandoned after its upload — once
 * they are older than `graceMs` (so an upload in a form being filled is kept).
 *
 * @param graceMs - minimum age in ms of an unreferenced upload before it goes (default 24 h).
 * @returns how many images were deleted.
 */
export async function sweepUnreferencedMedia(
  graceMs: number = 24 * 60 * 60 * 1000,
  executor: Executor = getDb(),
): Promise<number> {
  return deleteUnreferenced(sql`cree_le < now() - make_interval(secs => ${graceMs / 1000})`, executor)
}
