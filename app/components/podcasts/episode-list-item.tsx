import { Link } from 'react-router'
import { plainText } from '#app/lib/meta'
import type { PodcastEpisodeSummary } from '#app/services/podcasts/get-podcast-season.server'
import { EpisodeDateAndDuration } from './episode-fact'
import { PodcastCover } from './podcast-cover'

/**
 * One published episode on its season's page (public spec §2): image, title, publication date,
 * duration and summary, the whole row linking to /podcasts/episode/{id}.
 */
export function EpisodeListItem({ episode }: { episode: PodcastEpisodeSummary }) {
  const summary = plainText(episode.resume, 280)
  return (
    <Link
      to={`/podcasts/episode/${episode.id}`}
      prefetch="intent"
      className="group flex gap-4 rounded-xl p-3 transition-colors hover:bg-gray-50 sm:gap-6 sm:p-4"
    >
      <PodcastCover
        image={episode.image}
        alt=""
        sizes="(min-width: 640px) 9rem, 5.5rem"
        className="w-22 shrink-0 rounded-lg sm:w-36"
      />
      <div className="min-w-0 flex-1">
        <h3 className="text-lg leading-snug font-semibold text-gray-900 group-hover:underline group-hover:underline-offset-4">
          {episode.titre}
        </h3>
        <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-500">
          <EpisodeDateAndDuration episode={episode} className="inline-flex items-center gap-1.5" />
        </p>
        {summary ? (
          <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-gray-600 sm:line-clamp-2">{summary}</p>
        ) : null}
      </div>
    </Link>
  )
}
