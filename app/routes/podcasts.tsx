import { EmptyState } from '#app/components/empty-state'
import { PageBanner } from '#app/components/page-banner'
import { PaginationNav } from '#app/components/pagination-nav'
import { SeasonCard } from '#app/components/podcasts/season-card'
import { configuredPageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { listPodcastSeasons } from '#app/services/podcasts/list-podcast-seasons.server'
import type { Route } from './+types/podcasts'
import { loadConfiguredListPage } from './configured-list-page.server'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export const meta: Route.MetaFunction = (args) =>
  configuredPageMeta(args, 'podcasts', undefined, args.loaderData?.info.page)

/**
 * /podcasts (public spec §2; issue #35 §1): banner from the 'podcasts' page configuration and one
 * page of the displayed seasons (`?page=N`, as many as the setting `taille_page_podcasts`); a page
 * past the last one or a malformed `?page=` answers the 404 page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...listed } = await loadConfiguredListPage(
    request,
    'podcasts',
    'podcasts',
    listPodcastSeasons,
  )
  return { ...listed, seasons: items }
}

export default function Podcasts({ loaderData }: Route.ComponentProps) {
  const { page, seasons, info, search } = loaderData
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
        <PaginationNav info={info} pathname="/podcasts" search={search} label="Pages des saisons" />
      </div>
    </>
  )
}
