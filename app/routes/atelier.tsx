import { AtelierGallery } from '#app/components/atelier/atelier-gallery'
import { AtelierHero } from '#app/components/atelier/atelier-hero'
import { EmptyState } from '#app/components/empty-state'
import { PaginationNav } from '#app/components/pagination-nav'
import { configuredPageMeta } from '#app/lib/meta'
import { pageSizeOf } from '#app/lib/page-sizes'
import { requirePageParam } from '#app/lib/pagination'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { listAtelierPhotos } from '#app/services/atelier/list-atelier-photos.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import type { Route } from './+types/atelier'

export const meta: Route.MetaFunction = (args) =>
  configuredPageMeta(args, 'atelier', undefined, args.loaderData?.info.page)

/**
 * /atelier (public spec §2; issue #35 §1): hero from the 'atelier' page configuration and one page
 * of the visible photos (`?page=N`, as many as the setting `taille_page_atelier`); a page past the
 * last one or a malformed `?page=` answers the 404 page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams
  const requested = requirePageParam(searchParams)
  const [page, settings] = await Promise.all([getPageContent('atelier'), getSiteSettings()])
  const listed = await listAtelierPhotos(requested, pageSizeOf(settings, 'atelier'))
  if (!listed) throw new Response(null, { status: 404 })
  return { page, photos: listed.items, info: listed.info, search: searchParams.toString() }
}

/** Photos and their lightboxes: sent without React (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function Atelier({ loaderData }: Route.ComponentProps) {
  const { page, photos, info, search } = loaderData
  return (
    <>
      <AtelierHero page={page} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {photos.length > 0 ? (
          <>
            <h2 className="sr-only">Photos de l'atelier</h2>
            <AtelierGallery photos={photos} />
          </>
        ) : (
          <EmptyState>Aucune photo d'atelier disponible pour le moment.</EmptyState>
        )}
        <PaginationNav info={info} pathname="/atelier" search={search} label="Pages des photos" />
      </div>
    </>
  )
}
