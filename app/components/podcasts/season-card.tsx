import { Link } from 'react-router'
import { plainText } from '#app/lib/meta'
import type { PodcastSeasonCard } from '#app/services/podcasts/list-podcast-seasons.server'
import { PodcastCover } from './podcast-cover'

/** The card's count line: "1 épisode", "3 épisodes", or "Bientôt disponible" before the first episode. */
export function episodeCountLabel(count: number): string {
  if (count === 0) return 'Bientôt disponible'
  return `${count} ${count > 1 ? 'épisodes' : 'épisode'}`
}

/** A /podcasts card (public spec §2): cover, name, short description, linking to the season. */
export function SeasonCard({ season }: { season: PodcastSeasonCard }) {
  const excerpt = plainText(season.description, 180)
  return (
    <Link
      to={`/podcasts/saison/${season.id}`}
      prefetch="intent"
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white transition-shadow hover:shadow-lg"
    >
      <PodcastCover
        image={season.image}
        alt=""
        sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
        className="transition-transform duration-500 group-hover:scale-[1.02]"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs tracking-[0.18em] text-gray-500 uppercase">
          {episodeCountLabel(season.episodeCount)}
        </p>
        <h2 className="mt-2 text-xl font-semibold text-gray-900 group-hover:underline group-hover:underline-offset-4">
          {season.nom}
        </h2>
        {excerpt ? (
          <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-gray-600">{excerpt}</p>
        ) : null}
      </div>
    </Link>
  )
}
