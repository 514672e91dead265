import { AtelierGallery } from '#app/components/atelier/atelier-gallery'
import { AtelierHero } from '#app/components/atelier/atelier-hero'
import { EmptyState } from '#app/components/empty-state'
import { PaginationNav } from '#app/components/pagination-nav'
import { configuredPageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { listAtelierPhotos } from '#app/services/atelier/list-atelier-photos.server'
import type { Route } from './+types/atelier'
import { loadConfiguredListPage } from './configured-list-page.server'

export const meta: Route.MetaFunction = (args) =>
  configuredPageMeta(args, 'atelier', undefined, args.loaderData?.info.page)

/**
 * /atelier (public spec §2; issue #35 §1): hero from the 'atelier' page configuration and one page
 * of the visible photos (`?page=N`, as many as the setting `taille_page_atelier`); a page past the
 * last one or a malformed `?page=` answers the 404 page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...listed } = await loadConfiguredListPage(request, 'atelier', 'atelier', listAtelierPhotos)
  return { ...listed, photos: items }
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
