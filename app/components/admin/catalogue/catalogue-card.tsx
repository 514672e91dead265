import { Eye, EyeOff, ImageIcon, Pencil, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { useIsBusy } from '#app/components/forms'
import { ResponsiveImage } from '#app/components/responsive-image'
import { Button } from '#app/components/ui/button'
import type { AdminActionData } from '#app/lib/admin-result'
import type { ImageData } from '#app/lib/images'

/**
 * One card of the back-office catalogue grids (back-office spec §2 "Artworks", "Categories"): the
 * image or a placeholder icon, the visibility icon (green visible, red hidden; a click posts
 * intent 'set-visibility' with the new `affichee`, shown at once), the name, the card's own lines,
 * then 'Modifier' and 'Supprimer' (after confirmation, intent 'delete'). Buttons are disabled
 * while any back-office call runs; a card being deleted is dimmed.
 *
 * @param row - the row's id, name, and stored `affichee`.
 * @param image - the image (null: the 'Pas d'image' icon), its alt text, and the frame's aspect.
 * @param toggleLabel - the visibility icon's name when visible and when hidden, e.g. 'Œuvre
 *   visible — masquer' / 'Œuvre masquée — afficher'.
 * @param subtitle - the line under the name, given the visibility shown.
 * @param children - the lines under the heading, given the visibility shown.
 * @param spokenName - what the buttons' hidden words name, e.g. "l'œuvre Nuit bleue".
 * @param onEdit - 'Modifier' chosen.
 * @param deleteTitle - the confirmation's title, e.g. "Supprimer l'œuvre".
 * @param deleteDescription - the confirmation's text.
 */
export function CatalogueCard({
  row,
  image,
  toggleLabel,
  subtitle,
  children,
  spokenName,
  onEdit,
  deleteTitle,
  deleteDescription,
}: {
  row: { id: string; nom: string; affichee: boolean }
  image: { image: ImageData | null; alt: string; aspect: 'aspect-square' | 'aspect-video' }
  toggleLabel: { visible: string; hidden: string }
  subtitle: (visible: boolean) => ReactNode
  children?: (visible: boolean) => ReactNode
  spokenName: string
  onEdit: () => void
  deleteTitle: string
  deleteDescription: ReactNode
}) {
  const fetcher = useFetcher<AdminActionData>()
  const deleter = useFetcher<AdminActionData>()
  const busy = useIsBusy()
  const visible =
    fetcher.formData?.get('intent') === 'set-visibility'
      ? fetcher.formData.get('affichee') === 'true'
      : row.affichee
  const isDeleting = deleter.formData?.get('id') === row.id

  return (
    <li
      className={`flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm ${isDeleting ? 'opacity-50' : ''}`}
    >
      <div className={`flex ${image.aspect} items-center justify-center overflow-hidden bg-gray-100`}>
        <ResponsiveImage
          image={image.image}
          alt={image.alt}
          sizes="(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover"
          fallback={<ImageIcon aria-label="Pas d'image" role="img" className="size-10 text-gray-400" />}
        />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              fetcher.submit(
                { intent: 'set-visibility', id: row.id, affichee: String(!visible) },
                { method: 'post' },
              )
            }
            aria-label={visible ? toggleLabel.visible : toggleLabel.hidden}
            title={visible ? 'Visible sur le site : cliquer pour masquer' : 'Masquée : cliquer pour afficher'}
            className={`mt-0.5 shrink-0 rounded p-1 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60 ${visible ? 'text-green-600 hover:bg-green-50' : 'text-red-600 hover:bg-red-50'}`}
          >
            {visible ? (
              <Eye aria-hidden="true" className="size-5" />
            ) : (
              <EyeOff aria-hidden="true" className="size-5" />
            )}
          </button>
          <div className="min-w-0">
            <h2 className="break-words text-lg font-semibold text-gray-900">{row.nom}</h2>
            {subtitle(visible)}
          </div>
        </div>
        {children?.(visible)}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button variant="outline" onClick={onEdit} disabled={busy}>
            <Pencil aria-hidden="true" className="size-4" />
            Modifier<span className="sr-only"> {spokenName}</span>
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="danger-soft" disabled={busy}>
                <Trash2 aria-hidden="true" className="size-4" />
                {isDeleting ? 'Suppression...' : 'Supprimer'}
                <span className="sr-only"> {spokenName}</span>
              </Button>
            }
            title={deleteTitle}
            description={deleteDescription}
            onConfirm={() => deleter.submit({ intent: 'delete', id: row.id }, { method: 'post' })}
          />
        </div>
      </div>
    </li>
  )
}
