import { Plus, Upload } from 'lucide-react'
import { AdminListControls, AdminListPages } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { MultiUploadDialog } from '#app/components/admin/studio/multi-upload-dialog'
import { PhotoFormDialog } from '#app/components/admin/studio/photo-form-dialog'
import { SortablePhotoList } from '#app/components/admin/studio/sortable-photo-list'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, defineIntent, rowIntents } from '#app/http/admin-action.server'
import {
  photoMoveSchema,
  photoOrderSchema,
  photoSchemas,
  photoUrlsSchema,
} from '#app/lib/admin/atelier-schema'
import { ORDERED_LIST_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { countLabel } from '#app/lib/pagination'
import { addAtelierPhotos } from '#app/services/atelier/add-atelier-photos.server'
import { photoRows } from '#app/services/atelier/atelier-photo-rows.server'
import { listAdminAtelierPhotos } from '#app/services/atelier/list-admin-atelier-photos.server'
import { moveAtelierPhoto, reorderAtelierPhotos } from '#app/services/atelier/reorder-atelier-photos.server'
import type { Route } from './+types/photos-atelier'

const TITLE = "Gestion des Photos d'Atelier"

export const meta: Route.MetaFunction = () => adminMeta(TITLE)

/**
 * /admin/photos-atelier?q=&tri=&page= (back-office spec §2 "Studio photos"; issue #35 §2): one page
 * of 24 photos by ordre (or name, or date), matching the search on the name (accents ignored). A
 * malformed page shows page 1, a page past the end the last one.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const params = parseListParams(new URL(request.url).searchParams, ORDERED_LIST_SORTS)
  return { q: params.q, sort: params.sort, ...(await listAdminAtelierPhotos(params)) }
})

/**
 * Intents (back-office spec §7 "photos_atelier"): create, update, delete, set-visibility, reorder
 * (the page's ids in their new order; they keep their places among all photos), move (issue #35
 * §2: one photo to a position among all photos), add-many (the multi-upload's URLs).
 */
export const action = adminAction<Route.ActionArgs>({
  ...rowIntents(photoSchemas, photoRows),
  reorder: defineIntent({
    schema: photoOrderSchema,
    run: ({ ids }) => reorderAtelierPhotos(ids),
    success: { title: 'Ordre mis à jour' },
    failure: "Erreur lors de la mise à jour de l'ordre",
  }),
  move: defineIntent({
    schema: photoMoveSchema,
    run: ({ id, position }) => moveAtelierPhoto(id, position),
    success: (position) => ({
      title: 'Ordre mis à jour',
      description: `Photo placée en position ${position}`,
    }),
    failure: "Erreur lors de la mise à jour de l'ordre",
    refusal: 'first-error',
  }),
  'add-many': defineIntent({
    schema: photoUrlsSchema,
    run: ({ urls }) => addAtelierPhotos(urls),
    success: (ids) => ({ title: `${ids.length} photo(s) ajoutée(s) avec succès` }),
    failure: "Erreur lors de l'ajout des photos",
  }),
})

export default function StudioPhotos({ loaderData }: Route.ComponentProps) {
  const { photos, info, q, sort } = loaderData
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
      <AdminListControls
        q={q}
        sort={sort}
        sorts={ORDERED_LIST_SORTS}
        searchLabel="Rechercher une photo"
        placeholder="Nom de la photo…"
        count={countLabel(info.total, 'photo', 'photos')}
      />
      {photos.length === 0 ? (
        <AdminEmpty>Aucune photo d'atelier pour le moment.</AdminEmpty>
      ) : (
        <SortablePhotoList
          photos={photos}
          heading="Photos de l'atelier"
          firstPosition={(info.page - 1) * info.pageSize + 1}
          total={info.total}
          canReorder={sort === 'ordre' && q === ''}
        />
      )}
      <AdminListPages info={info} />
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={TITLE} message="Erreur lors du chargement des photos" />
}
