import { asc, count, eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'

/** A season as the back-office table lists it (hidden ones included). */
export type AdminPodcastSeason = {
  id: string
  nom: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  image_url: string | null
  ordre: number
  affichee: boolean
  /** Number of episodes in the season, published or not. */
  episodeCount: number
}

/**
 * Every podcast season for /admin/saisons-podcast (back-office spec §7 "saisons_podcast: select
 * ordered by ordre"; then by nom), each with its number of episodes (published or not).
 *
 * @param executor - database or transaction (default the shared database).
 */
export async function listAdminPodcastSeasons(executor: Executor = getDb()): Promise<AdminPodcastSeason[]> {
  const rows = await executor
    .select({
      id: saisonsPodcast.id,
      nom: saisonsPodcast.nom,
      description: saisonsPodcast.description,
      image_url: saisonsPodcast.image_url,
      ordre: saisonsPodcast.ordre,
      affichee: saisonsPodcast.affichee,
      episodeCount: count(episodesPodcast.id),
    })
    .from(saisonsPodcast)
    .leftJoin(episodesPodcast, eq(episodesPodcast.saison_id, saisonsPodcast.id))
    .groupBy(saisonsPodcast.id)
    .orderBy(asc(saisonsPodcast.ordre), asc(saisonsPodcast.nom), asc(saisonsPodcast.id))
  return rows.map((row) => ({ ...row, episodeCount: Number(row.episodeCount) }))
}
