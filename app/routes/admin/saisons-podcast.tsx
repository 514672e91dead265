import { Plus } from 'lucide-react'
import { AdminListControls, AdminListPages } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import {
  type AdminColumn,
  AdminTable,
  RowActionsCell,
  RowVisibilityCell,
  useRowActions,
} from '#app/components/admin/admin-table'
import { SeasonFormDialog } from '#app/components/admin/studio/season-form-dialog'
import { Button } from '#app/components/ui/button'
import { adminAction, adminLoader, rowIntents } from '#app/http/admin-action.server'
import { ORDERED_LIST_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { seasonSchemas } from '#app/lib/admin/podcast-schema'
import { countLabel } from '#app/lib/pagination'
import {
  type AdminPodcastSeason,
  listAdminPodcastSeasons,
} from '#app/services/podcasts/list-admin-podcast-seasons.server'
import { seasonRows } from '#app/services/podcasts/podcast-rows.server'
import type { Route } from './+types/saisons-podcast'

const TITLE = 'Gestion des saisons de podcast'

export const meta: Route.MetaFunction = () => adminMeta(TITLE)

/**
 * /admin/saisons-podcast?q=&tri=&page= (back-office spec §2 "Podcast seasons"; issue #35 §2): one
 * page of seasons by ordre, name or date, matching the search on the name (accents ignored).
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const params = parseListParams(new URL(request.url).searchParams, ORDERED_LIST_SORTS)
  return { q: params.q, sort: params.sort, ...(await listAdminPodcastSeasons(params)) }
})

/** Intents: create, update, delete, set-visibility (back-office spec §7 "saisons_podcast"). */
export const action = adminAction<Route.ActionArgs>(rowIntents(seasonSchemas, seasonRows))

function deleteWarning(season: AdminPodcastSeason): string {
  const question = `Êtes-vous sûr de vouloir supprimer la saison "${season.nom}" ?`
  if (season.episodeCount === 0) return question
  if (season.episodeCount === 1)
    return `${question} Son épisode ne sera pas supprimé : il restera sans saison.`
  return `${question} Ses ${season.episodeCount} épisodes ne seront pas supprimés : ils resteront sans saison.`
}

function SeasonRow({ season }: { season: AdminPodcastSeason }) {
  const row = useRowActions(season.id, 'affichee', season.affichee)
  const episodes = `${season.episodeCount} épisode${season.episodeCount > 1 ? 's' : ''}`

  return (
    <tr className={row.deleting ? 'opacity-50' : undefined}>
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
      <RowVisibilityCell
        row={row}
        label={`Afficher la saison « ${season.nom} » sur le site`}
        states={{ on: 'Affichée', off: 'Masquée' }}
      />
      <td className="hidden px-3 py-3 align-middle text-gray-700 sm:table-cell">{episodes}</td>
      <RowActionsCell
        row={row}
        editDialog={(trigger) => <SeasonFormDialog season={season} trigger={trigger} />}
        editLabel={`Modifier la saison « ${season.nom} »`}
        deleteLabel={`Supprimer la saison « ${season.nom} »`}
        deleteTitle="Supprimer la saison"
        deleteDescription={deleteWarning(season)}
      />
    </tr>
  )
}

const COLUMNS: AdminColumn[] = [
  { label: 'Nom' },
  { label: 'Ordre', className: 'hidden px-3 py-3 sm:table-cell' },
  { label: 'Visibilité' },
  { label: 'Épisodes', className: 'hidden px-3 py-3 sm:table-cell' },
]

export default function PodcastSeasons({ loaderData }: Route.ComponentProps) {
  const { seasons, info, q, sort } = loaderData
  return (
    <AdminPage
      title={TITLE}
      description="Les saisons regroupent les épisodes sur la page Podcasts."
      actions={
        <SeasonFormDialog
          trigger={
            <Button>
              <Plus aria-hidden="true" className="size-4" />
              Nouvelle saison
            </Button>
          }
        />
      }
    >
      <AdminListControls
        q={q}
        sort={sort}
        sorts={ORDERED_LIST_SORTS}
        searchLabel="Rechercher une saison"
        placeholder="Nom de la saison…"
        count={countLabel(info.total, 'saison', 'saisons')}
      />
      {seasons.length === 0 ? (
        <AdminEmpty>Aucune saison</AdminEmpty>
      ) : (
        <AdminTable caption="Saisons de podcast" columns={COLUMNS}>
          {seasons.map((season) => (
            <SeasonRow key={season.id} season={season} />
          ))}
        </AdminTable>
      )}
      <AdminListPages info={info} />
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={TITLE} message="Impossible de charger les saisons" />
}
