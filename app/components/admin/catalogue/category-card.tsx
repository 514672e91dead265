import { Eye, EyeOff, ImageIcon, Pencil, Trash2 } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { useIsBusy } from '#app/components/forms'
import { ResponsiveImage } from '#app/components/responsive-image'
import { Button } from '#app/components/ui/button'
import type { AdminActionData } from '#app/lib/admin-result'
import type { AdminCategory } from '#app/services/catalogue/list-admin-categories.server'
import { CategoryEditForm } from './category-form'

/** '{n} œuvre(s)' line of a category card, and what deleting it does to them. */
function artworksNote(count: number): string {
  if (count === 0) return 'Aucune œuvre dans cette catégorie.'
  return count === 1
    ? "Son œuvre sera conservée, sans catégorie (elle n'apparaîtra plus dans le portfolio par catégorie)."
    : `Ses ${count} œuvres seront conservées, sans catégorie (elles n'apparaîtront plus dans le portfolio par catégorie).`
}

/**
 * One category of the back-office grid (back-office spec §2 "Categories"): visibility icon (green
 * visible, red hidden; a click toggles it), name, 'Ordre: {n}', image or placeholder icon,
 * description clamped to 3 lines, edit and delete buttons; or, in edit mode, the edit form.
 */
export function CategoryCard({
  category,
  isEditing,
  onEdit,
  onEditEnd,
}: {
  category: AdminCategory
  isEditing: boolean
  onEdit: () => void
  onEditEnd: () => void
}) {
  const fetcher = useFetcher<AdminActionData>()
  const busy = useIsBusy()
  const pendingVisibility = fetcher.formData?.get('intent') === 'set-visibility'
  const visible = pendingVisibility ? fetcher.formData?.get('affichee') === 'true' : category.affichee
  const deleter = useFetcher<AdminActionData>()
  const isDeleting = deleter.formData?.get('id') === category.id

  if (isEditing) {
    return (
      <li className="rounded-lg border border-sky-300 bg-white p-4 shadow-sm ring-2 ring-sky-100 sm:col-span-2">
        <h2 className="mb-4 text-lg font-semibold text-gray-900">Modifier « {category.nom} »</h2>
        <CategoryEditForm category={category} onClose={onEditEnd} />
      </li>
    )
  }

  return (
    <li
      className={`flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm ${isDeleting ? 'opacity-50' : ''}`}
    >
      <div className="flex aspect-video items-center justify-center overflow-hidden bg-gray-100">
        {category.image ? (
          <ResponsiveImage
            image={category.image}
            alt={`Image de la catégorie ${category.nom}`}
            sizes="(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover"
          />
        ) : (
          <ImageIcon aria-label="Pas d'image" role="img" className="size-10 text-gray-400" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              fetcher.submit(
                { intent: 'set-visibility', id: category.id, affichee: String(!visible) },
                { method: 'post' },
              )
            }
            aria-label={visible ? 'Catégorie visible — masquer' : 'Catégorie masquée — afficher'}
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
            <h2 className="break-words text-lg font-semibold text-gray-900">{category.nom}</h2>
            <p className="text-sm text-gray-600">
              Ordre: {category.ordre}
              <span aria-hidden="true"> · </span>
              <Link
                to={`/admin/artworks?categorie=${category.id}`}
                className="underline decoration-gray-300 underline-offset-2 hover:text-gray-900"
              >
                {category.artworkCount} {category.artworkCount > 1 ? 'œuvres' : 'œuvre'}
              </Link>
              {visible ? null : <span className="ml-2 font-medium text-red-700">Masquée</span>}
            </p>
          </div>
        </div>
        {category.description ? (
          <div
            className="rich-text prose prose-sm mt-3 line-clamp-3 max-w-none text-gray-700"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: stored HTML is sanitized on write (DESIGN.md §5)
            dangerouslySetInnerHTML={{ __html: category.description }}
          />
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button variant="outline" onClick={onEdit} disabled={busy}>
            <Pencil aria-hidden="true" className="size-4" />
            Modifier<span className="sr-only"> la catégorie {category.nom}</span>
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="danger-soft" disabled={busy}>
                <Trash2 aria-hidden="true" className="size-4" />
                {isDeleting ? 'Suppression...' : 'Supprimer'}
                <span className="sr-only"> la catégorie {category.nom}</span>
              </Button>
            }
            title="Supprimer la catégorie"
            description={
              <>
                <span className="block">
                  Êtes-vous sûr de vouloir supprimer la catégorie "{category.nom}" ?
                </span>
                <span className="mt-2 block text-sm">{artworksNote(category.artworkCount)}</span>
              </>
            }
            onConfirm={() => deleter.submit({ intent: 'delete', id: category.id }, { method: 'post' })}
          />
        </div>
      </div>
    </li>
  )
}
