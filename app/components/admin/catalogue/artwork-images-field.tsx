import type { Announcements, UniqueIdentifier } from '@dnd-kit/core'
import { GripVertical, ImagePlus, Star, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { ImagePicker, useImageUploads } from '#app/components/admin/image-upload-field'
import { SortableList, useSortableItem } from '#app/components/admin/sortable'
import { MAX_ARTWORK_IMAGES } from '#app/lib/artwork-display'
import { checkImageFile, MAX_UPLOAD_BYTES } from '#app/lib/upload-folders'

/**
 * Swaps the image at `index` with the main image (back-office spec §5: "'Définir principale'
 * swaps the chosen image with the current main").
 *
 * @returns a new list; the same order when `index` is 0 or out of range.
 */
export function makeMain(urls: ReadonlyArray<string>, index: number): string[] {
  const next = [...urls]
  const chosen = next[index]
  const main = next[0]
  if (index <= 0 || chosen === undefined || main === undefined) return next
  next[0] = chosen
  next[index] = main
  return next
}

function SortableImage({
  url,
  index,
  total,
  disabled,
  onMakeMain,
  onRemove,
}: {
  url: string
  index: number
  total: number
  disabled: boolean
  onMakeMain: () => void
  onRemove: () => void
}) {
  const { item, handle, isDragging } = useSortableItem(url)
  const position = `${index + 1} sur ${total}`
  return (
    <li
      {...item}
      data-testid="artwork-image"
      className={`relative flex flex-col overflow-hidden rounded-md border bg-white ${isDragging ? 'z-10 border-sky-500 shadow-lg' : 'border-gray-200'}`}
    >
      <div className="relative aspect-square bg-gray-100">
        <img
          src={url}
          alt={`Vue ${position}${index === 0 ? ' (principale)' : ''}`}
          className="absolute inset-0 size-full object-cover"
        />
        {index === 0 ? (
          <span className="absolute top-1 left-1 inline-flex items-center gap-1 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-semibold text-white">
            <Star aria-hidden="true" className="size-3" />
            Principale
          </span>
        ) : null}
        <button
          type="button"
          {...handle}
          aria-label={`Déplacer l'image ${position}`}
          className="absolute top-1 right-1 cursor-grab touch-none rounded bg-white/90 p-1 text-gray-700 shadow focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-1 p-1.5">
        {index > 0 ? (
          <button
            type="button"
            onClick={onMakeMain}
            disabled={disabled}
            className="rounded px-1.5 py-1 text-xs font-medium text-sky-800 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-sky-600"
          >
            Définir principale<span className="sr-only"> (image {position})</span>
          </button>
        ) : null}
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Retirer l'image ${position}`}
          title="Retirer l'image"
          className="ml-auto rounded p-1 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  )
}

/**
 * Images of an artwork (back-office spec §5, §9): up to 10, uploaded one after another to
 * /admin/upload (folder 'artworks'), reordered by drag — with the mouse, touch or the keyboard
 * (focus a handle, Space, arrows, Space; Escape cancels) — the first being the main image;
 * 'Définir principale' swaps an image with the main one. The URLs post with the surrounding form
 * as repeated `images` fields, in order.
 *
 * @param defaultUrls - the stored images in order.
 * @param onBusyChange - told when uploads start and end (the form waits for them).
 */
export function ArtworkImagesField({
  defaultUrls,
  onBusyChange,
}: {
  defaultUrls: ReadonlyArray<string>
  onBusyChange?: (busy: boolean) => void
}) {
  const [urls, setUrls] = useState<string[]>([...defaultUrls])
  const { upload, pending } = useImageUploads('artworks')
  const uploading = pending > 0

  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange])

  async function send(file: File) {
    const result = await upload(file)
    if (!result.ok) {
      toast.error('Erreur', { description: result.message })
      return
    }
    setUrls((current) =>
      current.length < MAX_ARTWORK_IMAGES && !current.includes(result.url)
        ? [...current, result.url]
        : current,
    )
    toast.success(result.toast.title, { description: result.toast.description })
  }

  function choose(files: File[]) {
    const room = MAX_ARTWORK_IMAGES - urls.length - pending
    const accepted: File[] = []
    for (const file of files) {
      const problem = checkImageFile(file, MAX_UPLOAD_BYTES)
      if (problem) toast.error(problem.title, { description: problem.description })
      else accepted.push(file)
    }
    if (accepted.length > room) {
      toast.error('Erreur', {
        description: `Une œuvre peut avoir ${MAX_ARTWORK_IMAGES} images au maximum.`,
      })
    }
    for (const file of accepted.slice(0, Math.max(room, 0))) void send(file)
  }

  const position = (id: UniqueIdentifier) => urls.indexOf(String(id)) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Image ${position(active.id)} saisie.`,
    onDragOver: ({ over }) => (over ? `Position ${position(over.id)} sur ${urls.length}.` : undefined),
    onDragEnd: ({ over }) =>
      over ? `Image déposée en position ${position(over.id)} sur ${urls.length}.` : 'Image déposée.',
    onDragCancel: () => 'Déplacement annulé.',
  }

  const full = urls.length + pending >= MAX_ARTWORK_IMAGES
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-800">
        Images ({urls.length}/{MAX_ARTWORK_IMAGES})
      </legend>
      <p className="mb-2 text-xs text-gray-500">
        La première image est l'image principale. Glissez les poignées pour changer l'ordre (au clavier :
        Espace, flèches, Espace).
      </p>
      {urls.length > 0 ? (
        <SortableList
          ids={urls}
          layout="grid"
          onReorder={setUrls}
          announcements={announcements}
          instructions="Pour déplacer l'image, appuyez sur Espace ou Entrée, utilisez les flèches, puis Espace ou Entrée pour la déposer. Échap annule."
        >
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-5">
            {urls.map((url, index) => (
              <SortableImage
                key={url}
                url={url}
                index={index}
                total={urls.length}
                disabled={uploading}
                onMakeMain={() => setUrls((current) => makeMain(current, index))}
                onRemove={() => setUrls((current) => current.filter((item) => item !== url))}
              />
            ))}
          </ul>
        </SortableList>
      ) : (
        <p className="rounded-md border border-dashed border-gray-300 px-3 py-6 text-center text-sm text-gray-500">
          Aucune image pour le moment.
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <ImagePicker
          label="Ajouter des images"
          busyLabel="Upload en cours..."
          busy={uploading}
          disabled={full}
          multiple
          icon={ImagePlus}
          onFiles={choose}
        />
        <span className="text-xs text-gray-500">JPG, PNG, GIF ou WebP, 10 MB maximum par image.</span>
      </div>
      {urls.map((url) => (
        <input key={url} type="hidden" name="images" value={url} />
      ))}
    </fieldset>
  )
}
