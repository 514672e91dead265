import type { Announcements, UniqueIdentifier } from '@dnd-kit/core'
import { GripVertical, Pencil, Trash2 } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFetcher, useRevalidator } from 'react-router'
import { RowVisibilitySwitch, useRowActions } from '#app/components/admin/admin-table'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { SortableList, useSortableItem } from '#app/components/admin/sortable'
import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import { Button } from '#app/components/ui/button'
import { PHOTO_SIZE_LABELS } from '#app/lib/admin/atelier-schema'
import type { AdminActionData } from '#app/lib/admin-result'
import type { AdminAtelierPhoto } from '#app/services/atelier/list-admin-atelier-photos.server'
import { PhotoFormDialog } from './photo-form-dialog'

function photoName(photo: AdminAtelierPhoto): string {
  return photo.nom?.trim() || 'Photo sans nom'
}

const INSTRUCTIONS =
  'Pour déplacer une photo, appuyez sur Espace ou Entrée. Pendant le déplacement, utilisez les flèches haut et bas, ' +
  'puis appuyez de nouveau sur Espace ou Entrée pour déposer la photo, ou sur Échap pour annuler.'

/** French screen-reader announcements of dnd-kit (positions counted from 1). */
function announcements(order: UniqueIdentifier[], names: Map<UniqueIdentifier, string>): Announcements {
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : order.indexOf(id) + 1)
  const name = (id: UniqueIdentifier) => names.get(id) ?? 'La photo'
  return {
    onDragStart: ({ active }) =>
      `${name(active.id)} saisie, position ${position(active.id)} sur ${order.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} déplacée en position ${position(over.id)} sur ${order.length}.`
        : `${name(active.id)} n'est plus au-dessus d'une position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} déposée en position ${position(over.id)} sur ${order.length}.`
        : `${name(active.id)} déposée.`,
    onDragCancel: ({ active }) =>
      `Déplacement annulé. ${name(active.id)} reste en position ${position(active.id)} sur ${order.length}.`,
  }
}

/**
 * « Position » and « Placer »: moves the photo to a position among all photos (issue #35 §2),
 * across pages; a plain form, so it works without JavaScript.
 */
function MovePhotoForm({
  photo,
  position,
  total,
}: {
  photo: AdminAtelierPhoto
  position: number
  total: number
}) {
  const fetcher = useFetcher<AdminActionData>()
  const fieldId = useId()
  return (
    <fetcher.Form method="post" className="flex items-center gap-1">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={photo.id} />
      <label htmlFor={fieldId} className="sr-only">
        {`Nouvelle position de ${photoName(photo)} (1 à ${total})`}
      </label>
      <input
        key={position}
        id={fieldId}
        name="position"
        type="number"
        inputMode="numeric"
        min={1}
        max={total}
        required
        defaultValue={position}
        className="w-20 rounded-md border border-gray-300 px-2 py-1.5 text-sm text-gray-900 focus:border-sky-500 focus:ring-2 focus:ring-sky-500 focus:outline-none"
      />
      <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
        Placer
      </Button>
    </fetcher.Form>
  )
}

function PhotoItem({
  photo,
  position,
  total,
  canReorder,
}: {
  photo: AdminAtelierPhoto
  position: number
  total: number
  canReorder: boolean
}) {
  const { item, handle, isDragging } = useSortableItem(photo.id)
  const row = useRowActions(photo.id, 'affichee', photo.affichee)
  const { deleting } = row
  const nameId = useId()

  return (
    <li
      {...item}
      aria-labelledby={nameId}
      data-testid="atelier-admin-photo"
      className={`flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4 ${isDragging ? 'relative z-10 shadow-lg ring-2 ring-sky-500' : ''} ${deleting ? 'opacity-50' : ''}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {canReorder ? (
          <button
            type="button"
            {...handle}
            aria-label={`Déplacer ${photoName(photo)} (position ${position})`}
            className="mt-1 shrink-0 cursor-grab touch-none rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 active:cursor-grabbing"
          >
            <GripVertical aria-hidden="true" className="size-5" />
          </button>
        ) : null}
        <div className="size-20 shrink-0 overflow-hidden rounded-md bg-gray-100">
          <ResponsiveImage
            image={photo.image}
            alt={photoName(photo)}
            sizes="80px"
            className="size-full object-cover"
          />
        </div>
        <div className="min-w-0 flex-1">
          <p id={nameId} className="truncate font-medium text-gray-900" title={photoName(photo)}>
            {photoName(photo)}
          </p>
          <p className="text-sm text-gray-600">
            Taille: {PHOTO_SIZE_LABELS[photo.taille]} • Ordre: {photo.ordre}
          </p>
          <RichText
            html={photo.description}
            className="prose prose-sm mt-1 line-clamp-2 max-w-none text-gray-700"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-3 sm:justify-end sm:border-0 sm:pt-0">
        <MovePhotoForm photo={photo} position={position} total={total} />
        <RowVisibilitySwitch row={row} label={row.checked ? 'Photo affichée' : 'Photo masquée'} />
        <div className="flex gap-1">
          <PhotoFormDialog
            photo={photo}
            trigger={
              <Button variant="icon" aria-label={`Modifier ${photoName(photo)}`} disabled={deleting}>
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
            }
          />
          <ConfirmDialog
            title="Supprimer la photo"
            description="Êtes-vous sûr de vouloir supprimer cette photo ?"
            onConfirm={row.remove}
            trigger={
              <Button variant="icon-danger" aria-label={`Supprimer ${photoName(photo)}`} disabled={deleting}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            }
          />
        </div>
      </div>
    </li>
  )
}

/**
 * One page of studio photos in their order (back-office spec §2, §4; issue #35 §2), each with a
 * drag handle when the list is in display order: pointer or keyboard (Space/Enter to pick up,
 * arrows to move, Space/Enter to drop, Escape to cancel), with French announcements. A drop shows
 * the new order at once and posts the page's ids in that order; the server renumbers all photos
 * from 1 ('Ordre mis à jour') or refuses, and the list reloads. Each photo also has a position
 * field to move it anywhere among all photos, across pages.
 *
 * @param photos - the page's photos, in the order shown.
 * @param heading - the section's title.
 * @param firstPosition - the position (from 1, among all photos) of the page's first photo.
 * @param total - how many photos the list holds (all pages).
 * @param canReorder - whether dragging is offered (the list shows the display order).
 */
export function SortablePhotoList({
  photos,
  heading,
  firstPosition = 1,
  total = photos.length,
  canReorder = true,
}: {
  photos: AdminAtelierPhoto[]
  heading: ReactNode
  firstPosition?: number
  total?: number
  canReorder?: boolean
}) {
  const [order, setOrder] = useState<string[]>(() => photos.map((photo) => photo.id))
  const reorder = useFetcher<AdminActionData>()
  const revalidator = useRevalidator()
  const dndId = useId()

  useEffect(() => setOrder(photos.map((photo) => photo.id)), [photos])
  const handled = useRef<AdminActionData | undefined>(reorder.data)
  useEffect(() => {
    const result = reorder.data
    if (reorder.state !== 'idle' || !result || result === handled.current) return
    handled.current = result
    // A refused order goes back to the server's, and the list reloads (back-office spec §8).
    if (!result.ok) {
      setOrder(photos.map((photo) => photo.id))
      revalidator.revalidate()
    }
  }, [reorder.data, reorder.state, photos, revalidator])

  const byId = new Map(photos.map((photo) => [photo.id, photo]))
  const shown = order.flatMap((id) => {
    const photo = byId.get(id)
    return photo ? [photo] : []
  })
  const names = new Map<UniqueIdentifier, string>(shown.map((photo) => [photo.id, photoName(photo)]))

  function onReorder(next: string[]) {
    setOrder(next)
    const body = new FormData()
    body.set('intent', 'reorder')
    for (const id of next) body.append('ids', id)
    reorder.submit(body, { method: 'post' })
  }

  return (
    <section aria-labelledby={`${dndId}-titre`}>
      <h2 id={`${dndId}-titre`} className="mb-4 text-lg font-semibold text-gray-900">
        {heading}
      </h2>
      <SortableList
        id={dndId}
        ids={order}
        layout="column"
        onReorder={onReorder}
        announcements={announcements(order, names)}
        instructions={INSTRUCTIONS}
      >
        <ul className="space-y-3" aria-busy={reorder.state !== 'idle'}>
          {shown.map((photo, index) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              position={firstPosition + index}
              total={total}
              canReorder={canReorder}
            />
          ))}
        </ul>
      </SortableList>
    </section>
  )
}
