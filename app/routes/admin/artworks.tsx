import { Plus, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useCallback, useState } from 'react'
import { data } from 'react-router'
import { AdminListControls, AdminListPages, ListFilter } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { ArtworkCard } from '#app/components/admin/catalogue/artwork-card'
import { ArtworkForm } from '#app/components/admin/catalogue/artwork-form'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, rowIntents } from '#app/http/admin-action.server'
import { artworkSchemas, NO_CATEGORY_FILTER } from '#app/lib/admin/catalogue-schema'
import { ORDERED_LIST_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { countLabel } from '#app/lib/pagination'
import { artworkRows } from '#app/services/catalogue/catalogue-rows.server'
import {
  type AdminArtwork,
  ARTWORKS_PAGE_SIZE,
  listAdminArtworks,
  parseArtworkFilter,
} from '#app/services/catalogue/list-admin-artworks.server'
import { listCategoryOptions } from '#app/services/catalogue/list-category-options.server'
import type { Route } from './+types/artworks'

export const meta: Route.MetaFunction = () => adminMeta('Gestion des œuvres')

/**
 * /admin/artworks?categorie={id|aucune}&q=&tri=&page= (back-office spec §2 "Artworks"; issue #35
 * §2): one page of 24 artworks, visible and hidden, filtered by category and by a search on the
 * name (accents ignored), sorted by display order, name or date, with the count of those matching.
 * A malformed filter answers 400, an unknown category 404, both with the 'Aucune œuvre trouvée'
 * state; a malformed page shows page 1, a page past the end the last one.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const searchParams = new URL(request.url).searchParams
  const filter = parseArtworkFilter(searchParams.get('categorie'))
  const params = parseListParams(searchParams, ORDERED_LIST_SORTS)
  const categories = await listCategoryOptions()
  const list = { q: params.q, sort: params.sort }
  if (!filter) {
    const info = { page: 1, pageSize: ARTWORKS_PAGE_SIZE, total: 0, pageCount: 1 }
    return data({ categories, artworks: [], total: 0, info, filter: '', ...list }, { status: 400 })
  }
  const { artworks, total, info } = await listAdminArtworks(filter, params)
  const filterValue =
    filter.kind === 'category' ? filter.id : filter.kind === 'none' ? NO_CATEGORY_FILTER : ''
  const unknown = filter.kind === 'category' && !categories.some((category) => category.id === filter.id)
  return data(
    { categories, artworks, total, info, filter: filterValue, ...list },
    { status: unknown ? 404 : 200 },
  )
})

/** Intents: create, update, delete, set-visibility (back-office spec §5, §7, §8). */
export const action = adminAction<Route.ActionArgs>(rowIntents(artworkSchemas, artworkRows))

function CategoryFilter({
  categories,
  value,
}: {
  categories: ReadonlyArray<{ id: string; nom: string; affichee: boolean }>
  value: string
}) {
  return (
    <ListFilter
      id="filtre-categorie"
      name="categorie"
      label="Catégorie"
      value={value}
      allLabel="Toutes les catégories"
      options={[
        ...categories.map((category) => ({
          value: category.id,
          label: `${category.nom}${category.affichee ? '' : ' (masquée)'}`,
        })),
        { value: NO_CATEGORY_FILTER, label: 'Sans catégorie' },
      ]}
      wide="min-w-56"
    />
  )
}

export default function AdminArtworks({ loaderData }: Route.ComponentProps) {
  const { categories, artworks, total, info, filter, q, sort } = loaderData
  const [editing, setEditing] = useState<AdminArtwork | 'new' | null>(null)
  const close = useCallback(() => setEditing(null), [])
  const current = editing === 'new' ? undefined : (editing ?? undefined)

  return (
    <AdminPage
      title="Gestion des œuvres"
      actions={
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Nouvelle œuvre
        </Button>
      }
    >
      <AdminListControls
        q={q}
        sort={sort}
        sorts={ORDERED_LIST_SORTS}
        searchLabel="Rechercher une œuvre"
        placeholder="Nom de l’œuvre…"
        count={countLabel(info.total, 'œuvre', 'œuvres')}
      >
        <CategoryFilter categories={categories} value={filter} />
      </AdminListControls>
      {total === 0 ? (
        <AdminEmpty>Aucune œuvre</AdminEmpty>
      ) : artworks.length === 0 ? (
        <AdminEmpty>Aucune œuvre trouvée</AdminEmpty>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {artworks.map((artwork) => (
            <ArtworkCard key={artwork.id} artwork={artwork} onEdit={() => setEditing(artwork)} />
          ))}
        </ul>
      )}
      <AdminListPages info={info} />
      <Dialog.Root open={editing !== null} onOpenChange={(open) => (open ? null : close())}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
          <Dialog.Content
            aria-describedby={undefined}
            onInteractOutside={(event) => event.preventDefault()}
            className="fixed inset-x-0 top-0 z-50 mx-auto max-h-dvh w-full max-w-3xl overflow-y-auto bg-white p-4 shadow-xl sm:top-8 sm:max-h-[calc(100dvh-4rem)] sm:rounded-lg sm:p-6"
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <Dialog.Title className="text-xl font-semibold text-gray-900">
                {current ? `Modifier « ${current.nom} »` : 'Nouvelle œuvre'}
              </Dialog.Title>
              <Dialog.Close
                aria-label="Fermer"
                className="rounded p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            {editing !== null ? (
              <ArtworkForm
                key={current?.id ?? 'new'}
                artwork={current}
                categories={categories}
                defaultCategoryId={filter && filter !== NO_CATEGORY_FILTER ? filter : undefined}
                onSaved={close}
                onCancel={close}
              />
            ) : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={'Gestion des œuvres'} message="Impossible de charger les données" />
}
