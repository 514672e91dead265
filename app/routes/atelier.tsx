import { AtelierGallery } from '#app/components/atelier/atelier-gallery'
import { AtelierHero } from '#app/components/atelier/atelier-hero'
import { EmptyState } from '#app/components/empty-state'
import { configuredPageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { listAtelierPhotos } from '#app/services/atelier/list-atelier-photos.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import type { Route } from './+types/atelier'

export const meta: Route.MetaFunction = (args) => configuredPageMeta(args, 'atelier')

/** /atelier (public spec §2): hero from the 'atelier' page configuration and the visible photos. */
export async function loader() {
  const [page, photos] = await Promise.all([getPageContent('atelier'), listAtelierPhotos()])
  return { page, photos }
}

/** Photos and their lightboxes: sent without React (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function Atelier({ loaderData }: Route.ComponentProps) {
  const { page, photos } = loaderData
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
      </div>
    </>
  )
}
