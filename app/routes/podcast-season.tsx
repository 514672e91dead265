import { data } from 'react-router'
import { EmptyState } from '#app/components/empty-state'
import { PaginationNav } from '#app/components/pagination-nav'
import { EpisodeListItem } from '#app/components/podcasts/episode-list-item'
import { PodcastBackLink } from '#app/components/podcasts/podcast-back-link'
import { PodcastCover } from '#app/components/podcasts/podcast-cover'
import { PodcastNotFound } from '#app/components/podcasts/podcast-not-found'
import { episodeCountLabel } from '#app/components/podcasts/season-card'
import { TextBlock } from '#app/components/podcasts/text-block'
import { pageMeta, rootMetaData } from '#app/lib/meta'
import { pageSizeOf } from '#app/lib/page-sizes'
import { canonicalPagePath, requirePageParam } from '#app/lib/pagination'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { breadcrumbNode, podcastSeasonNode } from '#app/lib/structured-data'
import { getPodcastSeason } from '#app/services/podcasts/get-podcast-season.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { getSocialImage } from '#app/services/social/get-social-image.server'
import type { Route } from './+types/podcast-season'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const season = loaderData?.season
  if (!season) return pageMeta(matches, 'Saison introuvable')
  const root = rootMetaData(matches)
  const path = `/podcasts/saison/${season.season.id}`
  return pageMeta(
    matches,
    season.info.page > 1 ? `${season.season.nom} — page ${season.info.page}` : season.season.nom,
    season.season.description ?? `Les épisodes de ${season.season.nom}.`,
    {
      type: 'website',
      path: canonicalPagePath(path, season.info.page),
      image: loaderData.social,
      jsonLd: [
        podcastSeasonNode(root, season.season, season.episodes),
        breadcrumbNode(root, [
          { name: 'Podcasts', path: '/podcasts' },
          { name: season.season.nom, path },
        ]),
      ],
    },
  )
}

/**
 * /podcasts/saison/{saisonId} (public spec §2; issue #35 §1): a displayed season and one page of
 * its published episodes (`?page=N`, as many as the setting `taille_page_saison`); a malformed,
 * unknown or hidden id renders 'Saison introuvable' with a 404, a page past the last one or a
 * malformed `?page=` the 404 page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams
  const requested = requirePageParam(searchParams)
  const settings = await getSiteSettings()
  const season = await getPodcastSeason(params.saisonId, requested, pageSizeOf(settings, 'saison'))
  if (season === 'no-such-page') throw new Response(null, { status: 404 })
  const social = season
    ? await getSocialImage({ imageUrl: season.season.image?.src, title: season.season.nom })
    : null
  return data({ season, social, search: searchParams.toString() }, { status: season ? 200 : 404 })
}

export default function PodcastSeason({ loaderData }: Route.ComponentProps) {
  const { season: page, search } = loaderData
  if (!page) {
    return (
      <PodcastNotFound
        title="Saison introuvable"
        message="Cette saison n'existe pas ou n'est plus disponible."
      />
    )
  }
  const { season, episodes, info } = page
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <PodcastBackLink to="/podcasts">Retour aux podcasts</PodcastBackLink>
      <header className="mt-8 flex flex-col gap-6 sm:flex-row sm:items-start sm:gap-10">
        <PodcastCover
          image={season.image}
          alt=""
          sizes="(min-width: 640px) 14rem, 10rem"
          priority
          className="w-40 shrink-0 rounded-xl shadow-sm sm:w-56"
        />
        <div className="min-w-0">
          <p className="text-xs tracking-[0.18em] text-gray-500 uppercase">
            Podcast · {episodeCountLabel(info.total)}
          </p>
          <h1 className="mt-2 text-3xl font-bold text-gray-900 sm:text-4xl">{season.nom}</h1>
          {season.description ? <TextBlock text={season.description} className="mt-4 text-gray-600" /> : null}
        </div>
      </header>
      <section aria-labelledby="episodes-titre" className="mt-12 border-t border-gray-200 pt-8">
        <h2 id="episodes-titre" className="sr-only">
          Épisodes
        </h2>
        {episodes.length > 0 ? (
          <ol className="-mx-3 flex flex-col gap-2 sm:-mx-4">
            {episodes.map((episode) => (
              <li key={episode.id}>
                <EpisodeListItem episode={episode} />
              </li>
            ))}
          </ol>
        ) : (
          <EmptyState>Aucun épisode n'est disponible dans cette saison pour le moment.</EmptyState>
        )}
        <PaginationNav
          info={info}
          pathname={`/podcasts/saison/${season.id}`}
          search={search}
          label="Pages des épisodes"
        />
      </section>
    </div>
  )
}
