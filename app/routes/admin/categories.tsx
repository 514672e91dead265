import { Plus } from 'lucide-react'
import { useState } from 'react'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { CategoryCard } from '#app/components/admin/catalogue/category-card'
import { CategoryCreateForm } from '#app/components/admin/catalogue/category-form'
import {
  type AdminAnswer,
  type AdminIntentArgs,
  adminAction,
  adminFailure,
  adminLoader,
  adminSuccess,
  zodFieldErrors,
} from '#app/http/admin-action.server'
import { categoryFormSchema, formFields } from '#app/lib/admin/catalogue-schema'
import { logger } from '#app/logger.server'
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

type Args = AdminIntentArgs<Route.ActionArgs>

const NOT_FOUND = 'Catégorie introuvable.'

/** Runs an intent; a database failure answers the spec's error toast with status 500. */
async function guarded(intent: string, failure: string, run: () => Promise<AdminAnswer>) {
  try {
    return await run()
  } catch (error) {
    logger.error({ err: error, intent }, 'catégories : action en échec')
    return adminFailure(intent, failure, { status: 500 })
  }
}

function create({ form }: Args) {
  const failure = 'Impossible de créer la catégorie.'
  return guarded('create', failure, async () => {
    const parsed = categoryFormSchema.safeParse(formFields(form, 'category'))
    if (!parsed.success) {
      return adminFailure('create', failure, { fieldErrors: zodFieldErrors(parsed.error) })
    }
    const id = await createCategory(parsed.data)
    return adminSuccess('create', 'Catégorie créée', 'La catégorie a été créée avec succès.', { id })
  })
}

function update({ form }: Args) {
  const failure = 'Impossible de modifier la catégorie.'
  return guarded('update', failure, async () => {
    const id = String(form.get('id') ?? '')
    const parsed = categoryFormSchema.safeParse(formFields(form, 'category'))
    if (!parsed.success) {
      return adminFailure('update', failure, { fieldErrors: zodFieldErrors(parsed.error) })
    }
    if (!(await updateCategory(id, parsed.data))) {
      return adminFailure('update', `${failure} ${NOT_FOUND}`, { status: 404 })
    }
    return adminSuccess('update', 'Catégorie modifiée', 'La catégorie a été modifiée avec succès.', { id })
  })
}

function remove({ form }: Args) {
  const failure = 'Impossible de supprimer la catégorie.'
  return guarded('delete', failure, async () => {
    const id = String(form.get('id') ?? '')
    if ((await deleteCategory(id)) === null) {
      return adminFailure('delete', `${failure} ${NOT_FOUND}`, { status: 404 })
    }
    return adminSuccess('delete', 'Catégorie supprimée', 'La catégorie a été supprimée avec succès.', { id })
  })
}

function visibility({ form }: Args) {
  const failure = 'Impossible de modifier la visibilité'
  return guarded('set-visibility', failure, async () => {
    const id = String(form.get('id') ?? '')
    const affichee = form.get('affichee') === 'true'
    if (!(await setCategoryVisibility(id, affichee))) {
      return adminFailure('set-visibility', `${failure} : ${NOT_FOUND}`, { status: 404 })
    }
    return adminSuccess(
      'set-visibility',
      'Catégorie modifiée',
      affichee ? 'La catégorie est maintenant visible.' : 'La catégorie est maintenant masquée.',
      { id },
    )
  })
}

/** Intents: create, update, delete, visibility (back-office spec §4, §7, §8). */
export const action = adminAction<Route.ActionArgs>(
  { create, update, delete: remove, 'set-visibility': visibility },
  {
    failure: {
      create: 'Impossible de créer la catégorie.',
      update: 'Impossible de modifier la catégorie.',
      delete: 'Impossible de supprimer la catégorie.',
    },
  },
)

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData
  const [isCreating, setIsCreating] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)

  return (
    <AdminPage
      title="Gestion des catégories"
      actions={
        <button type="button" className="btn" disabled={isCreating} onClick={() => setIsCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Nouvelle catégorie
        </button>
      }
    >
      {isCreating ? (
        <div className="mb-8">
          <CategoryCreateForm onClose={() => setIsCreating(false)} />
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
