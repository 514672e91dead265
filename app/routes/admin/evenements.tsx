import { Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { AdminListControls, AdminListPages } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { EventCard } from '#app/components/admin/people/event-card'
import { EventForm } from '#app/components/admin/people/event-form'
import { ParcoursPageForm } from '#app/components/admin/people/parcours-page-form'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, defineIntent, loadScreen, rowIntents } from '#app/http/admin-action.server'
import { eventSchemas, parcoursPageSchema } from '#app/lib/admin/event-schema'
import { DATED_LIST_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { countLabel } from '#app/lib/pagination'
import { eventRows } from '#app/services/timeline/event-rows.server'
import { EVENTS_PAGE_SIZE, listAdminEvents } from '#app/services/timeline/list-admin-events.server'
import {
  getParcoursPageConfig,
  saveParcoursPageConfig,
} from '#app/services/timeline/parcours-page-config.server'
import type { Route } from './+types/evenements'

export const meta: Route.MetaFunction = () => adminMeta('Gestion du parcours')

/**
 * /admin/evenements?q=&tri=&page= (back-office spec §2 "Timeline events", §7; issue #35 §2): one
 * page of 25 events, newest date first or by title, matching the search on the title (accents
 * ignored), and the parcours page configuration (defaults when its row does not exist yet). A
 * malformed page shows page 1, a page past the end the last one; a database failure shows
 * 'Impossible de charger les événements'.
 */
export const loader = adminLoader(({ request }: Route.LoaderArgs) => {
  const params = parseListParams(new URL(request.url).searchParams, DATED_LIST_SORTS)
  const list = { q: params.q, sort: params.sort }
  return loadScreen(
    'Impossible de charger les événements',
    async () => {
      const [{ events, info }, page] = await Promise.all([listAdminEvents(params), getParcoursPageConfig()])
      return { ...list, events, info, page: page as typeof page | null }
    },
    {
      ...list,
      events: [],
      info: { page: 1, pageSize: EVENTS_PAGE_SIZE, total: 0, pageCount: 1 },
      page: null,
    },
  )
})

/**
 * Intents (back-office spec §4–§8): `create` and `update` (event form; update also needs `id`),
 * `delete` (id), `set-visibility` (id, affiche 'true'|'false'), `save-page` (parcours page
 * configuration, created when absent). Refused input answers 400 with French field errors, an
 * unknown id 404; nothing changes then.
 */
export const action = adminAction<Route.ActionArgs>({
  ...rowIntents(eventSchemas, eventRows),
  'save-page': defineIntent({
    schema: parcoursPageSchema,
    run: (page) => saveParcoursPageConfig(page),
    success: { title: 'Succès', description: 'Configuration sauvegardée' },
    failure: 'Une erreur est survenue lors de la sauvegarde',
  }),
})

export default function AdminEvenements({ loaderData }: Route.ComponentProps) {
  const { events, info, q, sort, page, loadError } = loaderData
  const [isCreating, setIsCreating] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)
  const closeCreate = useCallback(() => setIsCreating(false), [])
  const closeEdit = useCallback(() => setEditingId(null), [])

  return (
    <AdminPage
      title="Gestion du parcours"
      description="Les événements de la page Parcours et sa configuration."
      actions={
        <Button disabled={isCreating} onClick={() => setIsCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Nouvel événement
        </Button>
      }
    >
      {loadError || !page ? (
        <AdminEmpty>{loadError ?? 'Impossible de charger les événements'}</AdminEmpty>
      ) : (
        <div className="space-y-8">
          {isCreating ? <EventForm onDone={closeCreate} /> : null}
          <section aria-labelledby="evenements-titre" className="space-y-4">
            <h2 id="evenements-titre" className="text-xl font-semibold text-gray-900">
              Événements
            </h2>
            <AdminListControls
              q={q}
              sort={sort}
              sorts={DATED_LIST_SORTS}
              searchLabel="Rechercher un événement"
              placeholder="Titre de l’événement…"
              count={countLabel(info.total, 'événement', 'événements')}
            />
            {events.length === 0 ? (
              <AdminEmpty>Aucun événement</AdminEmpty>
            ) : (
              events.map((event) =>
                editingId === event.id ? (
                  <EventForm key={event.id} event={event} onDone={closeEdit} />
                ) : (
                  <EventCard key={event.id} event={event} onEdit={() => setEditingId(event.id)} />
                ),
              )
            )}
            <AdminListPages info={info} />
          </section>
          <ParcoursPageForm config={page} />
        </div>
      )}
    </AdminPage>
  )
}
