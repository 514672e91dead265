import { data, Link } from 'react-router'
import { PageBanner } from '#app/components/page-banner'
import { PaginationNav } from '#app/components/pagination-nav'
import { TimelineFilterBar } from '#app/components/timeline/timeline-filter-bar'
import { TimelineList } from '#app/components/timeline/timeline-list'
import { configuredPageMeta, rootMetaData } from '#app/lib/meta'
import { pageSizeOf } from '#app/lib/page-sizes'
import { countLabel, requirePageParam } from '#app/lib/pagination'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { timelineEventNode } from '#app/lib/structured-data'
import { emptyTimelineMessage, parseTimelineFilters } from '#app/lib/timeline-filters'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { getTimeline } from '#app/services/timeline/get-timeline.server'
import { getTimelineMarkerColor } from '#app/services/timeline/get-timeline-marker-color.server'
import type { Route } from './+types/parcours'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export const meta: Route.MetaFunction = (args) => {
  const root = rootMetaData(args.matches)
  const events = args.loaderData?.timeline.events ?? []
  const filtered =
    args.loaderData && (args.loaderData.filters.annee !== null || args.loaderData.filters.type !== null)
  return configuredPageMeta(
    args,
    'parcours',
    events.map((event) => timelineEventNode(root, event)),
    filtered ? 1 : args.loaderData?.timeline.info.page,
  )
}

/**
 * /parcours (public spec §2; issue #35 §1): banner from the 'parcours' page configuration, one
 * page of the visible events filtered by `?annee=YYYY` and `?type=…` (kept in the page links; as
 * many per page as the setting `taille_page_parcours`), the years and types present for the
 * filter buttons and the marker colour. A malformed or unknown filter value is ignored and answers
 * 400; a page past the last one or a malformed `?page=` answers the 404 page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams
  const { filters, isValid } = parseTimelineFilters(searchParams)
  const requested = requirePageParam(searchParams)
  const settings = await getSiteSettings()
  const [page, timeline, markerColor] = await Promise.all([
    getPageContent('parcours'),
    getTimeline(filters, requested, pageSizeOf(settings, 'parcours')),
    getTimelineMarkerColor(),
  ])
  if (!timeline) throw new Response(null, { status: 404 })
  return data(
    { page, timeline, filters, markerColor, hasIgnoredFilter: !isValid, search: searchParams.toString() },
    { status: isValid ? 200 : 400 },
  )
}

export default function Parcours({ loaderData }: Route.ComponentProps) {
  const { page, timeline, filters, markerColor, hasIgnoredFilter, search } = loaderData
  const count = timeline.info.total
  return (
    <>
      <PageBanner page={page} />
      <div className="mx-auto max-w-7xl px-4 pb-8 sm:px-6 lg:px-8">
        {timeline.hasAnyEvent ? (
          <TimelineFilterBar filters={filters} years={timeline.years} types={timeline.types} />
        ) : null}
        {hasIgnoredFilter ? (
          <p className="mt-6 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Ce filtre n'existe pas : il a été ignoré.
          </p>
        ) : null}
        <p className="sr-only" aria-live="polite">
          {count === 0 ? '' : countLabel(count, 'événement', 'événements')}
        </p>
        <div className="mt-12">
          {count > 0 ? (
            <TimelineList events={timeline.events} markerColor={markerColor} />
          ) : (
            <div className="rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
              <p className="text-gray-600">{emptyTimelineMessage(filters, timeline.hasAnyEvent)}</p>
              {timeline.hasAnyEvent ? (
                <Link to="/parcours" preventScrollReset className="btn-outline btn mt-6">
                  Voir tous les événements
                </Link>
              ) : null}
            </div>
          )}
        </div>
        <PaginationNav info={timeline.info} pathname="/parcours" search={search} label="Pages du parcours" />
      </div>
    </>
  )
}
