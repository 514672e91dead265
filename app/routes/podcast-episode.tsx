import { Headphones } from 'lucide-react'
import { data } from 'react-router'
import { EpisodeDateAndDuration, EpisodeFact } from '#app/components/podcasts/episode-fact'
import { EpisodeTabs } from '#app/components/podcasts/episode-tabs'
import { PodcastBackLink } from '#app/components/podcasts/podcast-back-link'
import { PodcastCover } from '#app/components/podcasts/podcast-cover'
import { PodcastNotFound } from '#app/components/podcasts/podcast-not-found'
import { PodcastPlayerFrame } from '#app/components/podcasts/podcast-player'
import { TextBlock } from '#app/components/podcasts/text-block'
import { pageMeta, rootMetaData } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { breadcrumbNode, podcastEpisodeNode } from '#app/lib/structured-data'
import { getPodcastEpisode } from '#app/services/podcasts/get-podcast-episode.server'
import { getSocialImage } from '#app/services/social/get-social-image.server'
import type { Route } from './+types/podcast-episode'

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const episode = loaderData?.episode
  if (!episode) return pageMeta(matches, 'Épisode introuvable')
  const root = rootMetaData(matches)
  const path = `/podcasts/episode/${episode.id}`
  return pageMeta(matches, episode.titre, episode.resume ?? episode.description, {
    type: 'article',
    path,
    image: loaderData.social,
    jsonLd: [
      podcastEpisodeNode(root, episode),
      breadcrumbNode(root, [
        { name: 'Podcasts', path: '/podcasts' },
        episode.season && { name: episode.season.nom, path: `/podcasts/saison/${episode.season.id}` },
        { name: episode.titre, path },
      ]),
    ],
  })
}

/**
 * /podcasts/episode/{episodeId} (public spec §2): a published episode (in no season or in a
 * displayed one) with its player made safe on the server (DESIGN.md §5); a malformed, unknown or
 * hidden id renders 'Épisode introuvable' with a 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const episode = await getPodcastEpisode(params.episodeId)
  const social = episode ? await getSocialImage({ imageUrl: episode.image?.src, title: episode.titre }) : null
  return data({ episode, social }, { status: episode ? 200 : 404 })
}

const BADGE = 'inline-flex items-center gap-1.5 rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700'

/** Content, a player frame and tabs: sent without React (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function PodcastEpisode({ loaderData }: Route.ComponentProps) {
  const { episode } = loaderData
  if (!episode) {
    return (
      <PodcastNotFound
        title="Épisode introuvable"
        message="Cet épisode n'existe pas ou n'est plus disponible."
      />
    )
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <PodcastBackLink to={episode.season ? `/podcasts/saison/${episode.season.id}` : '/podcasts'}>
        {episode.season ? `Retour à la saison « ${episode.season.nom} »` : 'Retour aux podcasts'}
      </PodcastBackLink>
      <header className="mt-8 flex flex-col gap-6 sm:flex-row sm:items-end sm:gap-8">
        <PodcastCover
          image={episode.image}
          alt=""
          sizes="(min-width: 640px) 14rem, 60vw"
          priority
          className="w-48 shrink-0 rounded-xl shadow-sm sm:w-56"
        />
        <div className="min-w-0">
          <ul className="flex flex-wrap gap-2" aria-label="Informations sur l'épisode">
            <EpisodeDateAndDuration episode={episode} as="li" className={BADGE} />
            {episode.season ? (
              <EpisodeFact as="li" className={BADGE} icon={Headphones} label="Saison : ">
                {episode.season.nom}
              </EpisodeFact>
            ) : null}
          </ul>
          <h1 className="mt-4 text-3xl leading-tight font-bold text-gray-900 sm:text-4xl">{episode.titre}</h1>
        </div>
      </header>
      {episode.player ? (
        <section aria-label="Écouter l'épisode" className="mt-10">
          <PodcastPlayerFrame player={episode.player} />
        </section>
      ) : null}
      {episode.resume ? (
        <TextBlock text={episode.resume} className="mt-10 text-lg leading-relaxed text-gray-700" />
      ) : null}
      <EpisodeTabs description={episode.description} transcription={episode.transcription} />
    </article>
  )
}
