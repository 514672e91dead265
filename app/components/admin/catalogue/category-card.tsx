import { Link } from 'react-router'
import { RichText } from '#app/components/rich-text'
import type { AdminCategory } from '#app/services/catalogue/list-admin-categories.server'
import { CatalogueCard } from './catalogue-card'
import { CategoryForm } from './category-form'

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
  if (isEditing) {
    return (
      <li className="rounded-lg border border-sky-300 bg-white p-4 shadow-sm ring-2 ring-sky-100 sm:col-span-2">
        <h2 className="mb-4 text-lg font-semibold text-gray-900">Modifier « {category.nom} »</h2>
        <CategoryForm category={category} onClose={onEditEnd} />
      </li>
    )
  }

  return (
    <CatalogueCard
      row={category}
      image={{ image: category.image, alt: `Image de la catégorie ${category.nom}`, aspect: 'aspect-video' }}
      toggleLabel={{ visible: 'Catégorie visible — masquer', hidden: 'Catégorie masquée — afficher' }}
      subtitle={(visible) => (
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
      )}
      spokenName={`la catégorie ${category.nom}`}
      onEdit={onEdit}
      deleteTitle="Supprimer la catégorie"
      deleteDescription={
        <>
          <span className="block">Êtes-vous sûr de vouloir supprimer la catégorie "{category.nom}" ?</span>
          <span className="mt-2 block text-sm">{artworksNote(category.artworkCount)}</span>
        </>
      }
    >
      {() => (
        <RichText
          html={category.description}
          className="prose prose-sm mt-3 line-clamp-3 max-w-none text-gray-700"
        />
      )}
    </CatalogueCard>
  )
}
