import { Plus } from 'lucide-react'
import { useCallback, useState } from 'react'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { EventCard } from '#app/components/admin/people/event-card'
import { EventForm } from '#app/components/admin/people/event-form'
import { ParcoursPageForm } from '#app/components/admin/people/parcours-page-form'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, defineIntent, loadScreen, rowIntents } from '#app/http/admin-action.server'
import { eventSchemas, parcoursPageSchema } from '#app/lib/admin/event-schema'
import { eventRows } from '#app/services/timeline/event-rows.server'
import { listAdminEvents } from '#app/services/timeline/list-admin-events.server'
import {
  getParcoursPageConfig,
  saveParcoursPageConfig,
} from '#app/services/timeline/parcours-page-config.server'
import type { Route } from './+types/evenements'

export const meta: Route.MetaFunction = () => adminMeta('Gestion du parcours')

/**
 * /admin/evenements (back-office spec §2 "Timeline events", §7): every event, newest date first,
 * and the parcours page configuration (defaults when its row does not exist yet). A database
 * failure shows 'Impossible de charger les événements'.
 */
export const loader = adminLoader((_args: Route.LoaderArgs) =>
  loadScreen(
    'Impossible de charger les événements',
    async () => {
      const [events, page] = await Promise.all([listAdminEvents(), getParcoursPageConfig()])
      return { events, page: page as typeof page | null }
    },
    { events: [], page: null },
  ),
)

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
  const { events, page, loadError } = loaderData
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
              Événements ({events.length})
            </h2>
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
          </section>
          <ParcoursPageForm config={page} />
        </div>
      )}
    </AdminPage>
  )
}
