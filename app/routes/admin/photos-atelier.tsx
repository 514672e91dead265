import { Plus, Upload } from 'lucide-react'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { MultiUploadDialog } from '#app/components/admin/studio/multi-upload-dialog'
import { PhotoFormDialog } from '#app/components/admin/studio/photo-form-dialog'
import { SortablePhotoList } from '#app/components/admin/studio/sortable-photo-list'
import {
  type AdminIntentArgs,
  adminAction,
  adminFailure,
  adminLoader,
  adminSuccess,
  zodFieldErrors,
} from '#app/http/admin-action.server'
import {
  photoIdSchema,
  photoOrderSchema,
  photoSchema,
  photoUrlsSchema,
  photoVisibilitySchema,
} from '#app/lib/admin/atelier-schema'
import { addAtelierPhotos } from '#app/services/atelier/add-atelier-photos.server'
import { deleteAtelierPhoto } from '#app/services/atelier/delete-atelier-photo.server'
import { listAdminAtelierPhotos } from '#app/services/atelier/list-admin-atelier-photos.server'
import { reorderAtelierPhotos } from '#app/services/atelier/reorder-atelier-photos.server'
import { createAtelierPhoto, updateAtelierPhoto } from '#app/services/atelier/save-atelier-photo.server'
import { setAtelierPhotoVisibility } from '#app/services/atelier/set-atelier-photo-visibility.server'
import type { Route } from './+types/photos-atelier'

const TITLE = "Gestion des Photos d'Atelier"
const SAVE_FAILED = "Erreur lors de l'enregistrement"

export const meta: Route.MetaFunction = () => adminMeta(TITLE)

/** /admin/photos-atelier (back-office spec §2 "Studio photos"): every photo, by ordre. */
export const loader = adminLoader(async (_args: Route.LoaderArgs) => ({
  photos: await listAdminAtelierPhotos(),
}))

type Args = AdminIntentArgs<Route.ActionArgs>

async function create({ form }: Args) {
  const parsed = photoSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success)
    return adminFailure('create', SAVE_FAILED, { fieldErrors: zodFieldErrors(parsed.error) })
  const id = await createAtelierPhoto(parsed.data)
  return adminSuccess('create', 'Photo ajoutée', "La photo a été ajoutée à l'atelier.", { id })
}

async function update({ form }: Args) {
  const target = photoIdSchema.safeParse({ id: form.get('id') })
  if (!target.success) return adminFailure('update', SAVE_FAILED)
  const parsed = photoSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success)
    return adminFailure('update', SAVE_FAILED, { fieldErrors: zodFieldErrors(parsed.error) })
  if (!(await updateAtelierPhoto(target.data.id, parsed.data))) {
    return adminFailure('update', `${SAVE_FAILED} : la photo n'existe plus.`, { status: 404 })
  }
  return adminSuccess('update', 'Photo mise à jour', undefined, { id: target.data.id })
}

async function remove({ form }: Args) {
  const target = photoIdSchema.safeParse({ id: form.get('id') })
  if (!target.success) return adminFailure('delete', 'Erreur lors de la suppression')
  if (!(await deleteAtelierPhoto(target.data.id))) {
    return adminFailure('delete', 'Erreur lors de la suppression', { status: 404 })
  }
  return adminSuccess('delete', 'Photo supprimée')
}

async function setVisibility({ form }: Args) {
  const parsed = photoVisibilitySchema.safeParse({ id: form.get('id'), affichee: form.get('affichee') })
  if (!parsed.success) return adminFailure('set-visibility', 'Erreur lors de la mise à jour')
  if (!(await setAtelierPhotoVisibility(parsed.data.id, parsed.data.affichee))) {
    return adminFailure('set-visibility', 'Erreur lors de la mise à jour', { status: 404 })
  }
  return adminSuccess('set-visibility', parsed.data.affichee ? 'Photo affichée' : 'Photo masquée')
}

async function reorder({ form }: Args) {
  const parsed = photoOrderSchema.safeParse({ ids: form.getAll('ids') })
  if (!parsed.success || !(await reorderAtelierPhotos(parsed.data.ids))) {
    return adminFailure('reorder', "Erreur lors de la mise à jour de l'ordre")
  }
  return adminSuccess('reorder', 'Ordre mis à jour')
}

async function addMany({ form }: Args) {
  const parsed = photoUrlsSchema.safeParse({ urls: form.getAll('urls') })
  if (!parsed.success) return adminFailure('add-many', "Erreur lors de l'ajout des photos")
  const ids = await addAtelierPhotos(parsed.data.urls)
  return adminSuccess('add-many', `${ids.length} photo(s) ajoutée(s) avec succès`)
}

/**
 * Intents (back-office spec §7 "photos_atelier"): create, update, delete, set-visibility, reorder
 * (every id in the new order), add-many (the multi-upload's URLs).
 */
export const action = adminAction<Route.ActionArgs>(
  {
    create,
    update,
    delete: remove,
    'set-visibility': setVisibility,
    reorder,
    'add-many': addMany,
  },
  {
    failure: {
      create: SAVE_FAILED,
      update: SAVE_FAILED,
      delete: 'Erreur lors de la suppression',
      'set-visibility': 'Erreur lors de la mise à jour',
      reorder: "Erreur lors de la mise à jour de l'ordre",
      'add-many': "Erreur lors de l'ajout des photos",
    },
  },
)

export default function StudioPhotos({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData
  return (
    <AdminPage
      title={TITLE}
      actions={
        <>
          <MultiUploadDialog
            trigger={
              <button type="button" className="btn btn-outline">
                <Upload aria-hidden="true" className="size-4" />
                Upload multiple
              </button>
            }
          />
          <PhotoFormDialog
            trigger={
              <button type="button" className="btn">
                <Plus aria-hidden="true" className="size-4" />
                Ajouter une photo
              </button>
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
