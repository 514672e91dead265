import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useFetcher } from 'react-router'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { SeasonFormDialog } from '#app/components/admin/studio/season-form-dialog'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { adminAction, adminLoader, defineIntent } from '#app/http/admin-action.server'
import {
  podcastIdSchema,
  seasonSchema,
  seasonUpdateSchema,
  seasonVisibilitySchema,
} from '#app/lib/admin/podcast-schema'
import type { AdminActionData } from '#app/lib/admin-result'
import { deletePodcastSeason } from '#app/services/podcasts/delete-podcast-season.server'
import {
  type AdminPodcastSeason,
  listAdminPodcastSeasons,
} from '#app/services/podcasts/list-admin-podcast-seasons.server'
import { createPodcastSeason, updatePodcastSeason } from '#app/services/podcasts/save-podcast-season.server'
import { setPodcastSeasonVisibility } from '#app/services/podcasts/set-podcast-season-visibility.server'
import type { Route } from './+types/saisons-podcast'

const TITLE = 'Gestion des saisons de podcast'
const SAVE_FAILED = 'Impossible de sauvegarder la saison'
const DELETE_FAILED = 'Impossible de supprimer la saison'
const TOGGLE_FAILED = 'Impossible de modifier la visibilité'

export const meta: Route.MetaFunction = () => adminMeta(TITLE)

/** /admin/saisons-podcast (back-office spec §2 "Podcast seasons"): every season, by ordre. */
export const loader = adminLoader(async (_args: Route.LoaderArgs) => ({
  seasons: await listAdminPodcastSeasons(),
}))

type Args = Route.ActionArgs

/** Intents: create, update, delete, set-visibility (back-office spec §7 "saisons_podcast"). */
export const action = adminAction<Args>({
  create: defineIntent({
    schema: seasonSchema,
    run: (season) => createPodcastSeason(season),
    success: (id) => ({ title: 'Saison créée', description: 'La saison a été créée avec succès.', id }),
    failure: SAVE_FAILED,
  }),
  update: defineIntent({
    schema: seasonUpdateSchema,
    run: ({ id, ...season }) => updatePodcastSeason(id, season),
    success: (_, { id }) => ({
      title: 'Saison modifiée',
      description: 'La saison a été modifiée avec succès.',
      id,
    }),
    failure: SAVE_FAILED,
  }),
  delete: defineIntent({
    schema: podcastIdSchema,
    run: ({ id }) => deletePodcastSeason(id),
    success: { title: 'Saison supprimée', description: 'La saison a été supprimée avec succès.' },
    failure: DELETE_FAILED,
  }),
  'set-visibility': defineIntent({
    schema: seasonVisibilitySchema,
    run: ({ id, affichee }) => setPodcastSeasonVisibility(id, affichee),
    success: (_, { affichee }) =>
      affichee
        ? { title: 'Saison affichée', description: 'La saison est visible sur le site.' }
        : { title: 'Saison masquée', description: "La saison n'est plus visible sur le site." },
    failure: TOGGLE_FAILED,
  }),
})

function deleteWarning(season: AdminPodcastSeason): string {
  const question = `Êtes-vous sûr de vouloir supprimer la saison "${season.nom}" ?`
  if (season.episodeCount === 0) return question
  if (season.episodeCount === 1)
    return `${question} Son épisode ne sera pas supprimé : il restera sans saison.`
  return `${question} Ses ${season.episodeCount} épisodes ne seront pas supprimés : ils resteront sans saison.`
}

function SeasonRow({ season }: { season: AdminPodcastSeason }) {
  const toggle = useFetcher<AdminActionData>()
  const removal = useFetcher<AdminActionData>()
  const affichee = toggle.formData ? toggle.formData.get('affichee') === 'true' : season.affichee
  const deleting = removal.state !== 'idle'
  const episodes = `${season.episodeCount} épisode${season.episodeCount > 1 ? 's' : ''}`

  return (
    <tr className={deleting ? 'opacity-50' : undefined}>
      <td className="px-3 py-3 align-middle">
        <div className="flex items-center gap-3">
          {season.image_url ? (
            <img src={season.image_url} alt="" className="hidden size-10 rounded object-cover sm:block" />
          ) : null}
          <div>
            <p className="font-medium text-gray-900">{season.nom}</p>
            <p className="text-xs text-gray-600 sm:hidden">
              Ordre : {season.ordre} • {episodes}
            </p>
          </div>
        </div>
      </td>
      <td className="hidden px-3 py-3 align-middle text-gray-700 sm:table-cell">{season.ordre}</td>
      <td className="px-3 py-3 align-middle">
        <VisibilitySwitch
          label={`Afficher la saison « ${season.nom} » sur le site`}
          checked={affichee}
          states={{ on: 'Affichée', off: 'Masquée' }}
          disabled={toggle.state !== 'idle' || deleting}
          onCheckedChange={(next) =>
            toggle.submit(
              { intent: 'set-visibility', id: season.id, affichee: String(next) },
              { method: 'post' },
            )
          }
        />
      </td>
      <td className="hidden px-3 py-3 align-middle text-gray-700 sm:table-cell">{episodes}</td>
      <td className="px-3 py-3 align-middle">
        <div className="flex justify-end gap-1">
          <SeasonFormDialog
            season={season}
            trigger={
              <button
                type="button"
                className="rounded p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2"
                aria-label={`Modifier la saison « ${season.nom} »`}
                disabled={deleting}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
            }
          />
          <ConfirmDialog
            title="Supprimer la saison"
            description={deleteWarning(season)}
            onConfirm={() => removal.submit({ intent: 'delete', id: season.id }, { method: 'post' })}
            trigger={
              <button
                type="button"
                className="rounded p-2 text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2"
                aria-label={`Supprimer la saison « ${season.nom} »`}
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

export default function PodcastSeasons({ loaderData }: Route.ComponentProps) {
  const { seasons } = loaderData
  return (
    <AdminPage
      title={TITLE}
      description="Les saisons regroupent les épisodes sur la page Podcasts."
      actions={
        <SeasonFormDialog
          trigger={
            <button type="button" className="btn">
              <Plus aria-hidden="true" className="size-4" />
              Nouvelle saison
            </button>
          }
        />
      }
    >
      {seasons.length === 0 ? (
        <AdminEmpty>Aucune saison</AdminEmpty>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Saisons de podcast, par ordre</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold text-gray-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Nom
                </th>
                <th scope="col" className="hidden px-3 py-3 sm:table-cell">
                  Ordre
                </th>
                <th scope="col" className="px-3 py-3">
                  Visibilité
                </th>
                <th scope="col" className="hidden px-3 py-3 sm:table-cell">
                  Épisodes
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {seasons.map((season) => (
                <SeasonRow key={season.id} season={season} />
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
  return <AdminLoadError title={TITLE} message="Impossible de charger les saisons" />
}
