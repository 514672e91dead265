import { Plus } from 'lucide-react'
import { useState } from 'react'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { CategoryCard } from '#app/components/admin/catalogue/category-card'
import { CategoryForm } from '#app/components/admin/catalogue/category-form'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, rowIntents } from '#app/http/admin-action.server'
import { categorySchemas } from '#app/lib/admin/catalogue-schema'
import { namedToasts } from '#app/lib/admin/row-toasts'
import { createCategory } from '#app/services/catalogue/create-category.server'
import { deleteCategory } from '#app/services/catalogue/delete-category.server'
import { listAdminCategories } from '#app/services/catalogue/list-admin-categories.server'
import { setCategoryVisibility } from '#app/services/catalogue/set-category-visibility.server'
import { updateCategory } from '#app/services/catalogue/update-category.server'
import type { Route } from './+types/categories'

export const meta: Route.MetaFunction = () => adminMeta('Gestion des catégories')

/** /admin/categories (back-office spec §2 "Categories"): every category, visible or hidden. */
export const loader = adminLoader(async (_args: Route.LoaderArgs) => ({
  categories: await listAdminCategories(),
}))

/** Intents: create, update, delete, set-visibility (back-office spec §4, §7, §8). */
export const action = adminAction<Route.ActionArgs>(
  rowIntents({
    schemas: categorySchemas,
    create: (category) => createCategory(category),
    update: (id, category) => updateCategory(id, category),
    remove: (id) => deleteCategory(id),
    setVisibility: (id, affichee) => setCategoryVisibility(id, affichee),
    success: {
      ...namedToasts({ name: 'Catégorie', the: 'la catégorie', feminine: true }),
      // Showing or hiding is told as a change (back-office spec §4 "Catégorie visible" switch).
      shown: { title: 'Catégorie modifiée', description: 'La catégorie est maintenant visible.' },
      hidden: { title: 'Catégorie modifiée', description: 'La catégorie est maintenant masquée.' },
    },
  }),
)

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData
  const [isCreating, setIsCreating] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)

  return (
    <AdminPage
      title="Gestion des catégories"
      actions={
        <Button disabled={isCreating} onClick={() => setIsCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Nouvelle catégorie
        </Button>
      }
    >
      {isCreating ? (
        <div className="mb-8">
          <CategoryForm onClose={() => setIsCreating(false)} />
        </div>
      ) : null}
      {categories.length === 0 ? (
        <AdminEmpty>Aucune catégorie trouvée.</AdminEmpty>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {categories.map((category) => (
            <CategoryCard
              key={category.id}
              category={category}
              isEditing={editingId === category.id}
              onEdit={() => setEditingId(category.id)}
              onEditEnd={() => setEditingId((current) => (current === category.id ? null : current))}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={'Gestion des catégories'} message="Impossible de charger les catégories" />
}
