import { and, eq, type SQL } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { episodesPodcast, saisonsPodcast } from '#app/db/schema'
import { isUuid } from '#app/lib/ids'
import type { ImageData } from '#app/lib/images'
import type { PodcastPlayer } from '#app/lib/podcast-player'
import { parsePodcastPlayer } from '#app/lib/podcast-player.server'
import { resolveImage } from '#app/media/resolve-images.server'
import { shownInShownGroup } from '#app/services/rows.server'

/**
 * The public visibility rule for podcast episodes, the one condition of every public query (its
 * page, the sitemap, the search): publie true and, when it belongs to a season, that season
 * displayed too (public spec §4). The query joins `saisons_podcast` (left join on `saison_id`).
 */
export const isPublicEpisode = shownInShownGroup(
  { shown: episodesPodcast.publie, group: episodesPodcast.saison_id },
  saisonsPodcast.affichee,
) as SQL

/** A published episode as /podcasts/episode/{episodeId} shows it. */
export type PodcastEpisodePage = {
  id: string
  titre: string
  /** Plain-text summary, or null. */
  resume: string | null
  /** Rich-text HTML (sanitized on write) or plain text, or null. */
  description: string | null
  /** Rich-text HTML (sanitized on write) or plain text, or null. */
  transcription: string | null
  image: ImageData | null
  /** ISO 8601 instant, or null. */
  date_publication: string | null
  /** Free text as entered, e.g. "32 min". */
  duree: string | null
  /** The episode's season, or null when it has none. */
  season: { id: string; nom: string } | null
  /** How to render the player (DESIGN.md §5), or null without player code. */
  player: PodcastPlayer | null
}

/**
 * A public episode for /podcasts/episode/{episodeId} (public spec §2, §4, §7), its player code
 * turned into a safe player on the server (DESIGN.md §5).
 *
 * Visibility: the episode needs publie true (spec §4) and — our decision, so hiding a season hides
 * all of it — its season, when it has one, must be displayed (affichee true). An episode without a
 * season is public when published.
 *
 * @param id - the route's episodeId; anything that is not a UUID is treated as unknown.
 * @returns null when malformed, unknown, unpublished or in a hidden season (the page shows
 *   'Épisode introuvable' with a 404).
 */
export async function getPodcastEpisode(id: string): Promise<PodcastEpisodePage | null> {
  if (!isUuid(id)) return null
  const [row] = await getDb()
    .select({
      id: episodesPodcast.id,
      titre: episodesPodcast.titre,
      resume: episodesPodcast.resume,
      description: episodesPodcast.description,
      transcription: episodesPodcast.transcription,
      image_url: episodesPodcast.image_url,
      date_publication: episodesPodcast.date_publication,
      duree: episodesPodcast.duree,
      code_player_html: episodesPodcast.code_player_html,
      seasonId: saisonsPodcast.id,
      seasonName: saisonsPodcast.nom,
    })
    .from(episodesPodcast)
    .leftJoin(saisonsPodcast, eq(saisonsPodcast.id, episodesPodcast.saison_id))
    .where(and(eq(episodesPodcast.id, id), isPublicEpisode))
    .limit(1)
  if (!row) return null
  const { image_url, code_player_html, seasonId, seasonName, date_publication, ...episode } = row
  return {
    ...episode,
    date_publication: date_publication?.toISOString() ?? null,
    image: await resolveImage(image_url),
    season: seasonId && seasonName !== null ? { id: seasonId, nom: seasonName } : null,
    player: parsePodcastPlayer(code_player_html),
  }
}
