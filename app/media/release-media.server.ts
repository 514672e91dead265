import { type SQL, sql } from 'drizzle-orm'
import { type Executor, getDb, queryRows } from '#app/db/client.server'
import { getStorage } from '#app/media/storage.server'

/**
 * Every place a content row stores an image URL (back-office spec §3). A file is in use while one
 * of these holds its URL.
 */
const REFERENCES = sql`
  select image_url as url from categories
  union all select unnest(array[image1_url, image2_url, image3_url, image4_url, image5_url,
    image6_url, image7_url, image8_url, image9_url, image10_url]) from oeuvres
  union all select image_url from articles
  union all select image_url from pages_config
  union all select image_url from evenements
  union all select image_url from saisons_podcast
  union all select image_url from episodes_podcast
  union all select image_url from photos_atelier
  union all select setting_value from site_settings where setting_key = 'site_title_image'`

type MediaRow = { id: string; url: string; variantes: Array<{ url: string }> }

/**
 * Deletes the `medias` rows matching `where` that no content row references — checked in the same
 * statement, so a row saved meanwhile keeps its image — then their files.
 */
async function deleteUnreferenced(where: SQL, executor: Executor): Promise<number> {
  const rows = await queryRows<MediaRow>(
    executor,
    sql`delete from medias
        where ${where}
          and url not in (select url from (${REFERENCES}) refs where url is not null)
        returning id, url, variantes`,
  )
  const storage = getStorage()
  for (const row of rows) {
    const urls = new Set([row.url, ...row.variantes.map((variant) => variant.url)])
    for (const url of urls) {
      if (url.startsWith('/uploads/')) await storage.remove(url.slice('/uploads/'.length))
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
