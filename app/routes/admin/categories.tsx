import { Plus } from 'lucide-react'
import { useState } from 'react'
import { AdminListControls, AdminListPages } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { CategoryCard } from '#app/components/admin/catalogue/category-card'
import { CategoryForm } from '#app/components/admin/catalogue/category-form'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, rowIntents } from '#app/http/admin-action.server'
import { categorySchemas } from '#app/lib/admin/catalogue-schema'
import { ORDERED_LIST_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { countLabel } from '#app/lib/pagination'
import { categoryRows } from '#app/services/catalogue/catalogue-rows.server'
import { listAdminCategories } from '#app/services/catalogue/list-admin-categories.server'
import type { Route } from './+types/categories'

export const meta: Route.MetaFunction = () => adminMeta('Gestion des catégories')

/**
 * /admin/categories?q=&tri=&page= (back-office spec §2 "Categories"; issue #35 §2): one page of
 * categories, visible or hidden, by ordre, name or date, matching the search on the name.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const params = parseListParams(new URL(request.url).searchParams, ORDERED_LIST_SORTS)
  return { q: params.q, sort: params.sort, ...(await listAdminCategories(params)) }
})

/** Intents: create, update, delete, set-visibility (back-office spec §4, §7, §8). */
export const action = adminAction<Route.ActionArgs>(rowIntents(categorySchemas, categoryRows))

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { categories, info, q, sort } = loaderData
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
      <AdminListControls
        q={q}
        sort={sort}
        sorts={ORDERED_LIST_SORTS}
        searchLabel="Rechercher une catégorie"
        placeholder="Nom de la catégorie…"
        count={countLabel(info.total, 'catégorie', 'catégories')}
      />
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
      <AdminListPages info={info} />
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={'Gestion des catégories'} message="Impossible de charger les catégories" />
}
