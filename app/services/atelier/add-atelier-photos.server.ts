import { sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { photosAtelier } from '#app/db/schema'

/**
 * Adds the photos of a multi-upload in one insert (back-office spec §7 "bulk insert with generated
 * names 'Photo {timestamp}-{n}', empty description, medium, visible, consecutive ordre"): they
 * follow the current last photo, in the order given.
 *
 * @param urls - uploaded image URLs (1 to 10), in the order chosen.
 * @param now - the instant whose ms timestamp names the photos (default now).
 * @returns the new photos' ids, in order.
 */
export async function addAtelierPhotos(
  urls: ReadonlyArray<string>,
  now: Date = new Date(),
  executor: Executor = getDb(),
): Promise<string[]> {
  if (urls.length === 0) return []
  return executor.transaction(async (tx) => {
    // One writer at a time computes the next positions, so two uploads never share an ordre.
    await tx.execute(sql`lock table ${photosAtelier} in share row exclusive mode`)
    const [last] = await tx
      .select({ ordre: sql<number>`coalesce(max(${photosAtelier.ordre}), 0)` })
      .from(photosAtelier)
    const start = Number(last?.ordre ?? 0)
    const rows = await tx
      .insert(photosAtelier)
      .values(
        urls.map((image_url, index) => ({
          nom: `Photo ${now.getTime()}-${index + 1}`,
          description: '',
          image_url,
          taille: 'medium' as const,
          affichee: true,
          ordre: start + index + 1,
        })),
      )
      .returning({ id: photosAtelier.id, ordre: photosAtelier.ordre })
    return rows.sort((a, b) => a.ordre - b.ordre).map((row) => row.id)
  })
}
