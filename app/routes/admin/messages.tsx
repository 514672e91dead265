import { Tabs } from 'radix-ui'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { MessageCard } from '#app/components/admin/people/message-card'
import { AdminSkeleton } from '#app/components/admin/skeletons'
import { adminAction, adminLoader, defineIntent, loadScreen } from '#app/http/admin-action.server'
import {
  MESSAGE_EMPTY_TEXTS,
  MESSAGE_FILTER_LABELS,
  MESSAGE_FILTERS,
  type MessageFilter,
  messageIdSchema,
  parseMessageFilter,
  setMessageReadSchema,
} from '#app/lib/admin/message-schema'
import { archiveContactMessage } from '#app/services/contact/archive-contact-message.server'
import { deleteContactMessage } from '#app/services/contact/delete-contact-message.server'
import { listContactMessages } from '#app/services/contact/list-contact-messages.server'
import { setContactMessageRead } from '#app/services/contact/set-contact-message-read.server'
import type { Route } from './+types/messages'

export const meta: Route.MetaFunction = () => adminMeta('Messages de contact')

/**
 * /admin/messages (back-office spec §2 "Contact messages"): the messages of the tab chosen with
 * `?filtre=` (tous, non-lus, lus, archives), newest first, and each tab's count. An unknown filter
 * shows every message with a 400 status; a database failure shows 'Impossible de charger les
 * messages'.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const { filter, isValid } = parseMessageFilter(new URL(request.url).searchParams.getAll('filtre'))
  return loadScreen(
    'Impossible de charger les messages',
    async () => ({ filter, ...(await listContactMessages(filter)), hasIgnoredFilter: !isValid }),
    {
      filter,
      messages: [],
      counts: { tous: 0, 'non-lus': 0, lus: 0, archives: 0 },
      hasIgnoredFilter: !isValid,
    },
    isValid ? 200 : 400,
  )
})

const FAILED = 'Une erreur est survenue'

/**
 * Intents (back-office spec §4, §8): `set-read` (id, lu 'true'|'false'), `archive` (id), `delete`
 * (id). A malformed id answers 400, an unknown one 404; nothing changes then.
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
  delete: defineIntent({
    schema: messageIdSchema,
    run: ({ id }) => deleteContactMessage(id),
    success: (_, { id }) => ({ title: 'Succès', description: 'Message supprimé', id }),
    failure: FAILED,
  }),
})

function filterHref(filter: MessageFilter): string {
  return filter === 'tous' ? '/admin/messages' : `/admin/messages?filtre=${filter}`
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { filter, messages, counts, hasIgnoredFilter, loadError } = loaderData
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
        onValueChange={(value) => navigate(filterHref(value as MessageFilter), { preventScrollReset: true })}
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
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AdminPage>
  )
}
