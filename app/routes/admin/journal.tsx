import { AdminListControls, AdminListPages, ListFilter } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { getEnv } from '#app/env.server'
import { adminLoader, loadScreen } from '#app/http/admin-action.server'
import {
  AUDIT_ENTITY_OPTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_SORTS,
  auditActionLabel,
  auditEntityLabel,
  parseAuditFilters,
} from '#app/lib/admin/audit'
import { formatDateTime } from '#app/lib/format'
import { countLabel } from '#app/lib/pagination'
import { useTimeZone } from '#app/lib/use-time-zone'
import { listAuditAuthors, listAuditEntries } from '#app/services/audit/list-audit-entries.server'
import type { Route } from './+types/journal'

export const meta: Route.MetaFunction = () => adminMeta('Journal des modifications')

/**
 * /admin/journal (issue #37 §3): one page of the back-office's audit log, newest first, filtered by
 * `?auteur=` (an administrator's id), `?entite=` (a table), `?du=` / `?au=` (days, site time zone)
 * and `?q=` (a row's id or a setting's key). A malformed filter is ignored with a 400 status and a
 * line saying so; a database failure shows 'Impossible de charger le journal'.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const { filters, ignored } = parseAuditFilters(new URL(request.url).searchParams)
  return loadScreen(
    'Impossible de charger le journal',
    async () => {
      const [page, authors] = await Promise.all([
        listAuditEntries(filters, getEnv().SITE_TIMEZONE),
        listAuditAuthors(),
      ])
      return { filters, ignored, authors, ...page }
    },
    {
      filters,
      ignored,
      authors: [],
      entries: [],
      info: { page: 1, pageSize: AUDIT_PAGE_SIZE, total: 0, pageCount: 1 },
    },
    ignored ? 400 : 200,
  )
})

export default function AdminJournal({ loaderData }: Route.ComponentProps) {
  const { filters, ignored, authors, entries, info, loadError } = loaderData
  const timeZone = useTimeZone()
  return (
    <AdminPage
      title="Journal des modifications"
      description="Chaque modification faite dans l’administration : qui, quand, quel élément et quels champs. Gardé un an."
    >
      {ignored ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Filtre invalide ignoré.
        </p>
      ) : null}
      <AdminListControls
        q={filters.q}
        sort="date"
        sorts={AUDIT_SORTS}
        searchLabel="Identifiant de l’élément"
        placeholder="Identifiant ou clé…"
        count={countLabel(info.total, 'modification', 'modifications')}
      >
        <ListFilter
          id="filtre-auteur"
          name="auteur"
          label="Auteur"
          value={filters.auteur ?? ''}
          allLabel="Tous les auteurs"
          options={authors.map((author) => ({ value: author.id, label: author.email }))}
          wide="min-w-48"
        />
        <ListFilter
          id="filtre-entite"
          name="entite"
          label="Élément"
          value={filters.entite ?? ''}
          allLabel="Tous les éléments"
          options={AUDIT_ENTITY_OPTIONS}
          wide="min-w-48"
        />
        <ListFilter id="filtre-du" name="du" label="Du" type="date" value={filters.du ?? ''} />
        <ListFilter id="filtre-au" name="au" label="Au" type="date" value={filters.au ?? ''} />
      </AdminListControls>
      {loadError ? (
        <AdminEmpty>{loadError}</AdminEmpty>
      ) : entries.length === 0 ? (
        <AdminEmpty>Aucune modification trouvée.</AdminEmpty>
      ) : (
        <ol className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white shadow-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr_1fr] sm:gap-4">
              <time dateTime={entry.cree_le} className="text-gray-600">
                {formatDateTime(entry.cree_le, timeZone)}
              </time>
              <span className="min-w-0 break-words text-gray-900">{entry.email}</span>
              <span className="min-w-0">
                <span className="font-medium text-gray-900">
                  {auditActionLabel(entry.action)} · {auditEntityLabel(entry.entite)}
                </span>
                {entry.entite_id ? (
                  <span className="block [overflow-wrap:anywhere] font-mono text-xs text-gray-600">
                    {entry.entite_id}
                  </span>
                ) : null}
                {entry.champs.length > 0 ? (
                  <span className="block text-gray-700">Champs : {entry.champs.join(', ')}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
      <AdminListPages info={info} />
    </AdminPage>
  )
}
