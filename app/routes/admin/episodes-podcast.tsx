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
import { EpisodeFormDialog } from '#app/components/admin/studio/episode-form-dialog'
import { Button } from '#app/components/ui/button'
import { getEnv } from '#app/env.server'
import { adminAction, adminLoader, rowIntents } from '#app/http/admin-action.server'
import { ORDERED_LIST_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { episodeSchemas } from '#app/lib/admin/podcast-schema'
import { formatDate } from '#app/lib/format'
import { countLabel } from '#app/lib/pagination'
import {
  type AdminPodcastEpisode,
  listAdminPodcastEpisodes,
} from '#app/services/podcasts/list-admin-podcast-episodes.server'
import { episodeRows } from '#app/services/podcasts/podcast-rows.server'
import type { Route } from './+types/episodes-podcast'

const TITLE = 'Gestion des épisodes de podcast'

export const meta: Route.MetaFunction = () => adminMeta(TITLE)

/**
 * /admin/episodes-podcast?q=&tri=&page= (back-office spec §2; issue #35 §2): one page of 25
 * episodes with their season, by ordre, title or date, matching the search on the title (accents
 * ignored); the seasons for the select. A malformed page shows page 1, one past the end the last.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const params = parseListParams(new URL(request.url).searchParams, ORDERED_LIST_SORTS)
  return {
    q: params.q,
    sort: params.sort,
    ...(await listAdminPodcastEpisodes(getEnv().SITE_TIMEZONE, params)),
  }
})

/** Intents: create, update, delete, set-visibility (back-office spec §7 "episodes_podcast"). */
export const action = adminAction<Route.ActionArgs>(
  rowIntents(episodeSchemas, () => episodeRows(getEnv().SITE_TIMEZONE)),
)

function EpisodeRow({
  episode,
  seasons,
}: {
  episode: AdminPodcastEpisode
  seasons: ReadonlyArray<{ id: string; nom: string }>
}) {
  const row = useRowActions(episode.id, 'publie', episode.publie)
  const date = episode.date_publication ? formatDate(episode.date_publication) : '—'

  return (
    <tr className={row.deleting ? 'opacity-50' : undefined}>
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
      <RowVisibilityCell
        row={row}
        label={`Publier l'épisode « ${episode.titre} »`}
        states={{ on: 'Publié', off: 'Masqué' }}
      />
      <RowActionsCell
        row={row}
        editDialog={(trigger) => <EpisodeFormDialog episode={episode} seasons={seasons} trigger={trigger} />}
        editLabel={`Modifier l'épisode « ${episode.titre} »`}
        deleteLabel={`Supprimer l'épisode « ${episode.titre} »`}
        deleteTitle="Supprimer l'épisode"
        deleteDescription={`Êtes-vous sûr de vouloir supprimer l'épisode "${episode.titre}" ?`}
      />
    </tr>
  )
}

const COLUMNS: AdminColumn[] = [
  { label: 'Titre' },
  { label: 'Saison', className: 'hidden px-3 py-3 md:table-cell' },
  { label: 'Date de publication', className: 'hidden px-3 py-3 lg:table-cell' },
  { label: 'Durée', className: 'hidden px-3 py-3 lg:table-cell' },
  { label: 'Ordre', className: 'hidden px-3 py-3 sm:table-cell' },
  { label: 'Publié' },
]

export default function PodcastEpisodes({ loaderData }: Route.ComponentProps) {
  const { episodes, seasons, info, q, sort } = loaderData
  return (
    <AdminPage
      title={TITLE}
      description="Un épisode publié apparaît sur le site, dans sa saison si elle est affichée."
      actions={
        <EpisodeFormDialog
          seasons={seasons}
          trigger={
            <Button>
              <Plus aria-hidden="true" className="size-4" />
              Nouvel épisode
            </Button>
          }
        />
      }
    >
      <AdminListControls
        q={q}
        sort={sort}
        sorts={ORDERED_LIST_SORTS}
        searchLabel="Rechercher un épisode"
        placeholder="Titre de l’épisode…"
        count={countLabel(info.total, 'épisode', 'épisodes')}
      />
      {episodes.length === 0 ? (
        <AdminEmpty>Aucun épisode</AdminEmpty>
      ) : (
        <AdminTable caption="Épisodes de podcast" columns={COLUMNS}>
          {episodes.map((episode) => (
            <EpisodeRow key={episode.id} episode={episode} seasons={seasons} />
          ))}
        </AdminTable>
      )}
      <AdminListPages info={info} />
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={TITLE} message="Impossible de charger les données" />
}
