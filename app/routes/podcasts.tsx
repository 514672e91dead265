import { EmptyState } from '#app/components/empty-state'
import { PageBanner } from '#app/components/page-banner'
import { SeasonCard } from '#app/components/podcasts/season-card'
import { configuredPageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { listPodcastSeasons } from '#app/services/podcasts/list-podcast-seasons.server'
import type { Route } from './+types/podcasts'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export const meta: Route.MetaFunction = (args) => configuredPageMeta(args, 'podcasts')

/** /podcasts (public spec §2): banner from the 'podcasts' page configuration and the displayed seasons. */
export async function loader() {
  const [page, seasons] = await Promise.all([getPageContent('podcasts'), listPodcastSeasons()])
  return { page, seasons }
}

export default function Podcasts({ loaderData }: Route.ComponentProps) {
  const { page, seasons } = loaderData
  return (
    <>
      <PageBanner page={page} />
      <div className="mx-auto max-w-7xl px-4 pb-8 sm:px-6 lg:px-8">
        {seasons.length > 0 ? (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {seasons.map((season) => (
              <li key={season.id}>
                <SeasonCard season={season} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState className="mt-4">Aucune saison de podcast n'est disponible pour le moment.</EmptyState>
        )}
      </div>
    </>
  )
}
