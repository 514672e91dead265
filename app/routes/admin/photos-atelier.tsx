import { Plus, Upload } from 'lucide-react'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { MultiUploadDialog } from '#app/components/admin/studio/multi-upload-dialog'
import { PhotoFormDialog } from '#app/components/admin/studio/photo-form-dialog'
import { SortablePhotoList } from '#app/components/admin/studio/sortable-photo-list'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, defineIntent, rowIntents } from '#app/http/admin-action.server'
import { photoOrderSchema, photoSchemas, photoUrlsSchema } from '#app/lib/admin/atelier-schema'
import { addAtelierPhotos } from '#app/services/atelier/add-atelier-photos.server'
import { photoRows } from '#app/services/atelier/atelier-photo-rows.server'
import { listAdminAtelierPhotos } from '#app/services/atelier/list-admin-atelier-photos.server'
import { reorderAtelierPhotos } from '#app/services/atelier/reorder-atelier-photos.server'
import type { Route } from './+types/photos-atelier'

const TITLE = "Gestion des Photos d'Atelier"

export const meta: Route.MetaFunction = () => adminMeta(TITLE)

/** /admin/photos-atelier (back-office spec §2 "Studio photos"): every photo, by ordre. */
export const loader = adminLoader(async (_args: Route.LoaderArgs) => ({
  photos: await listAdminAtelierPhotos(),
}))

/**
 * Intents (back-office spec §7 "photos_atelier"): create, update, delete, set-visibility, reorder
 * (every id in the new order), add-many (the multi-upload's URLs).
 */
export const action = adminAction<Route.ActionArgs>({
  ...rowIntents(photoSchemas, photoRows),
  reorder: defineIntent({
    schema: photoOrderSchema,
    run: ({ ids }) => reorderAtelierPhotos(ids),
    success: { title: 'Ordre mis à jour' },
    failure: "Erreur lors de la mise à jour de l'ordre",
  }),
  'add-many': defineIntent({
    schema: photoUrlsSchema,
    run: ({ urls }) => addAtelierPhotos(urls),
    success: (ids) => ({ title: `${ids.length} photo(s) ajoutée(s) avec succès` }),
    failure: "Erreur lors de l'ajout des photos",
  }),
})

export default function StudioPhotos({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData
  return (
    <AdminPage
      title={TITLE}
      actions={
        <>
          <MultiUploadDialog
            trigger={
              <Button variant="outline">
                <Upload aria-hidden="true" className="size-4" />
                Upload multiple
              </Button>
            }
          />
          <PhotoFormDialog
            trigger={
              <Button>
                <Plus aria-hidden="true" className="size-4" />
                Ajouter une photo
              </Button>
            }
          />
        </>
      }
    >
      {photos.length === 0 ? (
        <AdminEmpty>Aucune photo d'atelier pour le moment.</AdminEmpty>
      ) : (
        <SortablePhotoList photos={photos} heading={`Photos de l'atelier (${photos.length})`} />
      )}
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={TITLE} message="Erreur lors du chargement des photos" />
}
