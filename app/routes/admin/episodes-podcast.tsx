import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useFetcher } from 'react-router'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { EpisodeFormDialog } from '#app/components/admin/studio/episode-form-dialog'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { getEnv } from '#app/env.server'
import { adminAction, adminLoader, defineIntent } from '#app/http/admin-action.server'
import {
  episodeSchema,
  episodeUpdateSchema,
  episodeVisibilitySchema,
  podcastIdSchema,
} from '#app/lib/admin/podcast-schema'
import type { AdminActionData } from '#app/lib/admin-result'
import { formatDate } from '#app/lib/format'
import { deletePodcastEpisode } from '#app/services/podcasts/delete-podcast-episode.server'
import {
  type AdminPodcastEpisode,
  listAdminPodcastEpisodes,
} from '#app/services/podcasts/list-admin-podcast-episodes.server'
import {
  createPodcastEpisode,
  updatePodcastEpisode,
} from '#app/services/podcasts/save-podcast-episode.server'
import { setPodcastEpisodePublication } from '#app/services/podcasts/set-podcast-episode-publication.server'
import type { Route } from './+types/episodes-podcast'

const TITLE = 'Gestion des épisodes de podcast'
const SAVE_FAILED = "Impossible de sauvegarder l'épisode"
const DELETE_FAILED = "Impossible de supprimer l'épisode"
const TOGGLE_FAILED = 'Impossible de modifier la publication'

export const meta: Route.MetaFunction = () => adminMeta(TITLE)

/** /admin/episodes-podcast (back-office spec §2): every episode with its season, by ordre; the seasons for the select. */
export const loader = adminLoader(async (_args: Route.LoaderArgs) =>
  listAdminPodcastEpisodes(getEnv().SITE_TIMEZONE),
)

const zone = () => getEnv().SITE_TIMEZONE

/** Intents: create, update, delete, set-visibility (back-office spec §7 "episodes_podcast"). */
export const action = adminAction<Route.ActionArgs>({
  create: defineIntent({
    schema: episodeSchema,
    run: (episode) => createPodcastEpisode(episode, zone()),
    success: (id) => ({ title: 'Épisode créé', description: "L'épisode a été créé avec succès.", id }),
    failure: SAVE_FAILED,
  }),
  update: defineIntent({
    schema: episodeUpdateSchema,
    run: ({ id, ...episode }) => updatePodcastEpisode(id, episode, zone()),
    success: (_, { id }) => ({
      title: 'Épisode modifié',
      description: "L'épisode a été modifié avec succès.",
      id,
    }),
    failure: SAVE_FAILED,
  }),
  delete: defineIntent({
    schema: podcastIdSchema,
    run: ({ id }) => deletePodcastEpisode(id),
    success: { title: 'Épisode supprimé', description: "L'épisode a été supprimé avec succès." },
    failure: DELETE_FAILED,
  }),
  'set-visibility': defineIntent({
    schema: episodeVisibilitySchema,
    run: ({ id, publie }) => setPodcastEpisodePublication(id, publie),
    success: (_, { publie }) =>
      publie
        ? { title: 'Épisode publié', description: "L'épisode est visible sur le site." }
        : { title: 'Épisode masqué', description: "L'épisode n'est plus visible sur le site." },
    failure: TOGGLE_FAILED,
  }),
})

function EpisodeRow({
  episode,
  seasons,
}: {
  episode: AdminPodcastEpisode
  seasons: ReadonlyArray<{ id: string; nom: string }>
}) {
  const toggle = useFetcher<AdminActionData>()
  const removal = useFetcher<AdminActionData>()
  const publie = toggle.formData ? toggle.formData.get('publie') === 'true' : episode.publie
  const deleting = removal.state !== 'idle'
  const date = episode.date_publication ? formatDate(episode.date_publication) : '—'

  return (
    <tr className={deleting ? 'opacity-50' : undefined}>
      <td className="px-3 py-3 align-middle">
        <p className="font-medium text-gray-900">{episode.titre}</p>
        <p className="text-xs text-gray-600 md:hidden">
          {episode.season?.nom ?? 'Aucune saison'} • {date}
        </p>
      </td>
      <td className="hidden px-3 py-3 align-middle text-gray-700 md:table-cell">
        {episode.season?.nom ?? <span className="text-gray-500">Aucune saison</span>}
      </td>
      <td className="hidden px-3 py-3 align-middle text-gray-700 lg:table-cell">{date}</td>
      <td className="hidden px-3 py-3 align-middle text-gray-700 lg:table-cell">{episode.duree ?? '—'}</td>
      <td className="hidden px-3 py-3 align-middle text-gray-700 sm:table-cell">{episode.ordre}</td>
      <td className="px-3 py-3 align-middle">
        <VisibilitySwitch
          label={`Publier l'épisode « ${episode.titre} »`}
          checked={publie}
          states={{ on: 'Publié', off: 'Masqué' }}
          disabled={toggle.state !== 'idle' || deleting}
          onCheckedChange={(next) =>
            toggle.submit(
              { intent: 'set-visibility', id: episode.id, publie: String(next) },
              { method: 'post' },
            )
          }
        />
      </td>
      <td className="px-3 py-3 align-middle">
        <div className="flex justify-end gap-1">
          <EpisodeFormDialog
            episode={episode}
            seasons={seasons}
            trigger={
              <button
                type="button"
                className="rounded p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2"
                aria-label={`Modifier l'épisode « ${episode.titre} »`}
                disabled={deleting}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
            }
          />
          <ConfirmDialog
            title="Supprimer l'épisode"
            description={`Êtes-vous sûr de vouloir supprimer l'épisode "${episode.titre}" ?`}
            onConfirm={() => removal.submit({ intent: 'delete', id: episode.id }, { method: 'post' })}
            trigger={
              <button
                type="button"
                className="rounded p-2 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2"
                aria-label={`Supprimer l'épisode « ${episode.titre} »`}
                disabled={deleting}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            }
          />
        </div>
      </td>
    </tr>
  )
}

export default function PodcastEpisodes({ loaderData }: Route.ComponentProps) {
  const { episodes, seasons } = loaderData
  return (
    <AdminPage
      title={TITLE}
      description="Un épisode publié apparaît sur le site, dans sa saison si elle est affichée."
      actions={
        <EpisodeFormDialog
          seasons={seasons}
          trigger={
            <button type="button" className="btn">
              <Plus aria-hidden="true" className="size-4" />
              Nouvel épisode
            </button>
          }
        />
      }
    >
      {episodes.length === 0 ? (
        <AdminEmpty>Aucun épisode</AdminEmpty>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Épisodes de podcast, par ordre</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold text-gray-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Titre
                </th>
                <th scope="col" className="hidden px-3 py-3 md:table-cell">
                  Saison
                </th>
                <th scope="col" className="hidden px-3 py-3 lg:table-cell">
                  Date de publication
                </th>
                <th scope="col" className="hidden px-3 py-3 lg:table-cell">
                  Durée
                </th>
                <th scope="col" className="hidden px-3 py-3 sm:table-cell">
                  Ordre
                </th>
                <th scope="col" className="px-3 py-3">
                  Publié
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {episodes.map((episode) => (
                <EpisodeRow key={episode.id} episode={episode} seasons={seasons} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={TITLE} message="Impossible de charger les données" />
}
