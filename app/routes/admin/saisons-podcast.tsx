import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useFetcher } from 'react-router'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { RowSwitch } from '#app/components/admin/studio/row-switch'
import { SeasonFormDialog } from '#app/components/admin/studio/season-form-dialog'
import {
  type AdminIntentArgs,
  adminAction,
  adminFailure,
  adminLoader,
  adminSuccess,
  zodFieldErrors,
} from '#app/http/admin-action.server'
import { podcastIdSchema, seasonSchema, toggleValue } from '#app/lib/admin/podcast-schema'
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

type Args = AdminIntentArgs<Route.ActionArgs>

async function create({ form }: Args) {
  const parsed = seasonSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success)
    return adminFailure('create', SAVE_FAILED, { fieldErrors: zodFieldErrors(parsed.error) })
  const id = await createPodcastSeason(parsed.data)
  return adminSuccess('create', 'Saison créée', 'La saison a été créée avec succès.', { id })
}

async function update({ form }: Args) {
  const target = podcastIdSchema.safeParse({ id: form.get('id') })
  if (!target.success) return adminFailure('update', SAVE_FAILED)
  const parsed = seasonSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success)
    return adminFailure('update', SAVE_FAILED, { fieldErrors: zodFieldErrors(parsed.error) })
  if (!(await updatePodcastSeason(target.data.id, parsed.data))) {
    return adminFailure('update', `${SAVE_FAILED} : elle n'existe plus.`, { status: 404 })
  }
  return adminSuccess('update', 'Saison modifiée', 'La saison a été modifiée avec succès.', {
    id: target.data.id,
  })
}

async function remove({ form }: Args) {
  const target = podcastIdSchema.safeParse({ id: form.get('id') })
  if (!target.success) return adminFailure('delete', DELETE_FAILED)
  const deleted = await deletePodcastSeason(target.data.id)
  if (!deleted) return adminFailure('delete', `${DELETE_FAILED} : elle n'existe plus.`, { status: 404 })
  return adminSuccess('delete', 'Saison supprimée', 'La saison a été supprimée avec succès.')
}

async function setVisibility({ form }: Args) {
  const target = podcastIdSchema.safeParse({ id: form.get('id') })
  const value = toggleValue.safeParse(form.get('affichee'))
  if (!target.success || !value.success) return adminFailure('set-visibility', TOGGLE_FAILED)
  if (!(await setPodcastSeasonVisibility(target.data.id, value.data))) {
    return adminFailure('set-visibility', TOGGLE_FAILED, { status: 404 })
  }
  return value.data
    ? adminSuccess('set-visibility', 'Saison affichée', 'La saison est visible sur le site.')
    : adminSuccess('set-visibility', 'Saison masquée', "La saison n'est plus visible sur le site.")
}

/** Intents: create, update, delete, set-visibility (back-office spec §7 "saisons_podcast"). */
export const action = adminAction<Route.ActionArgs>(
  {
    create,
    update,
    delete: remove,
    'set-visibility': setVisibility,
  },
  {
    failure: {
      create: SAVE_FAILED,
      update: SAVE_FAILED,
      delete: DELETE_FAILED,
      'set-visibility': TOGGLE_FAILED,
    },
  },
)

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
        <RowSwitch
          label={`Afficher la saison « ${season.nom} » sur le site`}
          checked={affichee}
          onLabel="Affichée"
          offLabel="Masquée"
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
