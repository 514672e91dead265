import { buffer } from 'node:stream/consumers'
import { type SQL, sql } from 'drizzle-orm'
import { type Database, queryRows } from '#app/db/client.server'
import { IMAGE_COLUMNS } from '#app/media/image-references.server'
import { contentTypeOf, type Storage } from '#app/media/storage.server'

/** One file handled by {@link copyStoredFiles}: its rank (from 1) among `total`, and what was done. */
export type CopyProgress = { index: number; total: number; key: string; bytes: number; copied: boolean }

/** What {@link copyStoredFiles} did: files copied, files the target already held, bytes copied. */
export type CopyReport = { copied: number; skipped: number; copiedBytes: number }

/**
 * Copies every file of `source` into `target` under the same key, with its MIME type (by
 * extension). Idempotent and resumable: a file the target already holds with the same size is
 * skipped (keys are content-addressed, so same key and size is the same file), and each write is
 * atomic, so a run stopped half-way is finished by running it again.
 *
 * @param onProgress - called after each file, e.g. to print `[3/120] copié artworks/…`.
 * @returns how many files were copied or skipped, and the bytes copied.
 * @throws what either storage throws (network, permissions); files copied so far stay copied.
 */
export async function copyStoredFiles(
  source: Storage,
  target: Storage,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<CopyReport> {
  const files: Array<{ key: string; bytes: number }> = []
  for await (const file of source.list()) files.push(file)
  files.sort((a, b) => a.key.localeCompare(b.key))
  const report: CopyReport = { copied: 0, skipped: 0, copiedBytes: 0 }
  for (const [index, file] of files.entries()) {
    const present = await target.stat(file.key)
    const copied = present?.bytes !== file.bytes
    if (copied) {
      const stream = await source.getStream(file.key)
      // A file deleted since the listing (a sweep meanwhile) has nothing left to copy.
      if (!stream) continue
      const bytes = await buffer(stream)
      await target.put(file.key, bytes, contentTypeOf(file.key))
      report.copied++
      report.copiedBytes += bytes.length
    } else {
      report.skipped++
    }
    onProgress({ index: index + 1, total: files.length, key: file.key, bytes: file.bytes, copied })
  }
  return report
}

/** What {@link pointImagesAt} changed: `medias` rows, and content fields (one per row and column). */
export type RepointReport = { images: number; references: number }

/**
 * Rewrites every stored image URL of `from` into the same key's URL in `to` (`/uploads/a/b.webp` →
 * `{S3_PUBLIC_URL}/a/b.webp`): `medias` rows with their variants, and every content column of
 * {@link IMAGE_COLUMNS}, in one transaction. Idempotent: URLs already elsewhere are left alone.
 * A `medias` row whose new URL already exists (the same image uploaded again after the switch)
 * gives way to that row; the content rows then point at it.
 *
 * @param db - the database (its own transaction is opened here).
 * @returns how many `medias` rows and content fields now point at `to`.
 */
export async function pointImagesAt(from: Storage, to: Storage, db: Database): Promise<RepointReport> {
  const oldPrefix = `${from.publicBaseUrl}/`
  const newPrefix = `${to.publicBaseUrl}/`
  const moved = (value: SQL) => sql`${newPrefix}::text || substr(${value}, ${oldPrefix.length + 1})`
  const isOld = (value: SQL) => sql`starts_with(${value}, ${oldPrefix}::text)`
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from medias old
      where ${isOld(sql`old.url`)}
        and exists (select 1 from medias kept where kept.url = ${moved(sql`old.url`)})`)
    const images = await queryRows(
      tx,
      sql`update medias set
            url = ${moved(sql`url`)},
            variantes = coalesce((
              select jsonb_agg(
                case when ${isOld(sql`variant->>'url'`)}
                  then jsonb_set(variant, '{url}', to_jsonb(${moved(sql`variant->>'url'`)}))
                  else variant end
                order by position)
              from jsonb_array_elements(variantes) with ordinality as items(variant, position)
            ), '[]'::jsonb)
          where ${isOld(sql`url`)}
          returning id`,
    )
    let references = 0
    for (const { table, column, where } of IMAGE_COLUMNS) {
      const value = sql.identifier(column)
      const rows = await queryRows(
        tx,
        sql`update ${sql.identifier(table)} set ${value} = ${moved(sql`${value}`)}
            where ${isOld(sql`${value}`)}${where ? sql` and ${where}` : sql``}
            returning 1 as changed`,
      )
      references += rows.length
    }
    return { images: images.length, references }
  })
}
