import { Tabs } from 'radix-ui'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import { AdminListControls, AdminListPages } from '#app/components/admin/admin-list-controls'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { MessageBulkBar } from '#app/components/admin/people/message-bulk-bar'
import { MessageCard } from '#app/components/admin/people/message-card'
import { AdminSkeleton } from '#app/components/admin/skeletons'
import { adminAction, adminLoader, defineIntent, loadScreen } from '#app/http/admin-action.server'
import { parseListParams, SEARCH_PARAM, SORT_PARAM } from '#app/lib/admin/list-params'
import {
  bulkToast,
  MESSAGE_EMPTY_TEXTS,
  MESSAGE_FILTER_LABELS,
  MESSAGE_FILTERS,
  MESSAGE_SORTS,
  type MessageFilter,
  messageBulkSchema,
  messageIdSchema,
  parseMessageFilter,
  setMessageReadSchema,
} from '#app/lib/admin/message-schema'
import { countLabel } from '#app/lib/pagination'
import { archiveContactMessage } from '#app/services/contact/archive-contact-message.server'
import { deleteContactMessage } from '#app/services/contact/delete-contact-message.server'
import {
  applyToContactMessages,
  listContactMessages,
  MESSAGES_PAGE_SIZE,
} from '#app/services/contact/list-contact-messages.server'
import { setContactMessageRead } from '#app/services/contact/set-contact-message-read.server'
import type { Route } from './+types/messages'

export const meta: Route.MetaFunction = () => adminMeta('Messages de contact')

/**
 * /admin/messages (back-office spec §2 "Contact messages"; issue #35 §2): one page of the messages
 * of the tab chosen with `?filtre=` (tous, non-lus, lus, archives), unread first then newest
 * (`?tri=nom`: by sender), matching `?q=` (e-mail, name or subject, accents ignored), and each tab's
 * count. An unknown filter shows every message with a 400 status; a malformed `?page=` shows page
 * 1, a page past the end the last one; a database failure shows 'Impossible de charger les
 * messages'.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const searchParams = new URL(request.url).searchParams
  const { filter, isValid } = parseMessageFilter(searchParams.getAll('filtre'))
  const params = parseListParams(searchParams, MESSAGE_SORTS)
  return loadScreen(
    'Impossible de charger les messages',
    async () => ({
      filter,
      q: params.q,
      sort: params.sort,
      ...(await listContactMessages(filter, params)),
      hasIgnoredFilter: !isValid,
    }),
    {
      filter,
      q: params.q,
      sort: params.sort,
      messages: [],
      counts: { tous: 0, 'non-lus': 0, lus: 0, archives: 0 },
      info: { page: 1, pageSize: MESSAGES_PAGE_SIZE, total: 0, pageCount: 1 },
      hasIgnoredFilter: !isValid,
    },
    isValid ? 200 : 400,
  )
})

const FAILED = 'Une erreur est survenue'

/**
 * Intents (back-office spec §4, §8): `set-read` (id, lu 'true'|'false'), `archive` (id), `delete`
 * (id); `bulk` (issue #35 §2: `operation` lire|archiver|supprimer on `portee` selection — the
 * ticked `ids` — or tout — every message of tab `filtre` matching `q`), one SQL statement whatever
 * the count, answered « 3 messages archivés ». A malformed id answers 400, an unknown one 404;
 * nothing changes then.
 */
export const action = adminAction<Route.ActionArgs>({
  'set-read': defineIntent({
    schema: setMessageReadSchema,
    run: ({ id, lu }) => setContactMessageRead(id, lu),
    success: (_, { id, lu }) => ({
      title: 'Succès',
      description: lu ? 'Message marqué comme lu' : 'Message marqué comme non lu',
      id,
    }),
    failure: FAILED,
  }),
  archive: defineIntent({
    schema: messageIdSchema,
    run: ({ id }) => archiveContactMessage(id),
    success: (_, { id }) => ({ title: 'Succès', description: 'Message archivé', id }),
    failure: FAILED,
  }),
  bulk: defineIntent({
    schema: messageBulkSchema,
    run: (bulk) =>
      applyToContactMessages(
        bulk.operation,
        bulk.portee === 'selection' ? { ids: bulk.ids } : { filter: bulk.filtre, q: bulk.q },
      ),
    success: (count, { operation }) => ({ title: 'Succès', description: bulkToast(operation, count) }),
    failure: FAILED,
    refusal: 'first-error',
  }),
  delete: defineIntent({
    schema: messageIdSchema,
    run: ({ id }) => deleteContactMessage(id),
    success: (_, { id }) => ({ title: 'Succès', description: 'Message supprimé', id }),
    failure: FAILED,
  }),
})

/** The address of a tab, keeping the search and the sort (page 1). */
function filterHref(filter: MessageFilter, q: string, sort: string): string {
  const params = new URLSearchParams()
  if (filter !== 'tous') params.set('filtre', filter)
  if (q) params.set(SEARCH_PARAM, q)
  if (sort !== MESSAGE_SORTS[0].value) params.set(SORT_PARAM, sort)
  const query = params.toString()
  return query ? `/admin/messages?${query}` : '/admin/messages'
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { filter, q, sort, messages, counts, info, hasIgnoredFilter, loadError } = loaderData
  const navigate = useNavigate()
  const navigation = useNavigation()
  const location = useLocation()
  const pending =
    navigation.state === 'loading' &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search
      ? parseMessageFilter(new URLSearchParams(navigation.location.search).getAll('filtre')).filter
      : null
  const shown = pending ?? filter
  const unread = counts['non-lus']

  return (
    <AdminPage
      title="Messages de contact"
      description={
        unread > 0
          ? `${unread} message${unread > 1 ? 's' : ''} non lu${unread > 1 ? 's' : ''}`
          : 'Tous les messages sont lus.'
      }
    >
      {hasIgnoredFilter ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Filtre inconnu : tous les messages sont affichés.
        </p>
      ) : null}
      <Tabs.Root
        value={shown}
        onValueChange={(value) =>
          navigate(filterHref(value as MessageFilter, q, sort), { preventScrollReset: true })
        }
      >
        <Tabs.List
          aria-label="Filtrer les messages"
          className="grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1 sm:inline-flex"
        >
          {MESSAGE_FILTERS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-gray-700 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm"
            >
              {MESSAGE_FILTER_LABELS[value]}
              <span
                className={`rounded-full px-2 py-0.5 text-xs ${
                  value === 'non-lus' && counts[value] > 0
                    ? 'bg-sky-700 text-white'
                    : 'bg-gray-200 text-gray-700'
                }`}
              >
                <span className="sr-only">(</span>
                {counts[value]}
                <span className="sr-only">)</span>
              </span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {MESSAGE_FILTERS.map((value) => (
          <Tabs.Content key={value} value={value} className="mt-6 focus-visible:outline-none">
            <AdminListControls
              q={q}
              sort={sort}
              sorts={MESSAGE_SORTS}
              searchLabel="Rechercher un message"
              placeholder="E-mail, nom ou sujet…"
              count={countLabel(info.total, 'message', 'messages')}
              hidden={{ filtre: filter === 'tous' ? '' : filter }}
            />
            {messages.length > 0 ? <MessageBulkBar filter={filter} q={q} matching={info.total} /> : null}
            {pending ? (
              <AdminSkeleton count={5} variant="row" />
            ) : loadError ? (
              <AdminEmpty>{loadError}</AdminEmpty>
            ) : messages.length === 0 ? (
              <AdminEmpty>{MESSAGE_EMPTY_TEXTS[value]}</AdminEmpty>
            ) : (
              <div className="space-y-4">
                {messages.map((message) => (
                  <MessageCard key={message.id} message={message} />
                ))}
              </div>
            )}
            <AdminListPages info={info} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AdminPage>
  )
}
