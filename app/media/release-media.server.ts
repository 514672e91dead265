import { type SQL, sql } from 'drizzle-orm'
import { type Executor, getDb, queryRows } from '#app/db/client.server'
import { referencedImageUrls } from '#app/media/image-references.server'
import { getStorage } from '#app/media/storage.server'

type MediaRow = { id: string; url: string; variantes: Array<{ url: string }> }

/**
 * Deletes the `medias` rows matching `where` that no content row references — checked in the same
 * statement, so a row saved meanwhile keeps its image — then their files from the configured
 * storage (files of another storage, such as local ones never migrated to the bucket, stay).
 */
async function deleteUnreferenced(where: SQL, executor: Executor): Promise<number> {
  const rows = await queryRows<MediaRow>(
    executor,
    sql`delete from medias
        where ${where}
          and url not in (select url from (${referencedImageUrls()}) refs where url is not null)
        returning id, url, variantes`,
  )
  const storage = getStorage()
  for (const row of rows) {
    const urls = new Set([row.url, ...row.variantes.map((variant) => variant.url)])
    for (const url of urls) {
      const key = storage.keyOf(url)
      if (key) await storage.remove(key)
    }
  }
  return rows.length
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
