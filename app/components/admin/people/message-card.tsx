import { Archive, Mail, MailOpen, Phone, Trash2 } from 'lucide-react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { EmailAddress } from '#app/components/email-address'
import { Button } from '#app/components/ui/button'
import type { AdminActionData } from '#app/lib/admin-result'
import { artworkPath } from '#app/lib/artwork-display'
import { formatDateTime } from '#app/lib/format'
import { useTimeZone } from '#app/lib/use-time-zone'
import type { AdminContactMessage } from '#app/services/contact/list-contact-messages.server'
import { MESSAGE_BULK_FORM } from './message-bulk-bar'

/**
 * One contact message of /admin/messages (back-office spec §2 "Contact messages", §4): subject,
 * sender, e-mail (mailto), phone, the artwork asked about (issue #11 §4), date and the plain text with its line breaks; buttons to mark it
 * read or unread, archive it (one way) and delete it after confirmation. Each card posts with its
 * own fetcher, so several can run at once. Its checkbox ticks it for the bulk actions (issue #35 §2).
 */
export function MessageCard({ message }: { message: AdminContactMessage }) {
  const fetcher = useFetcher<AdminActionData>()
  const timeZone = useTimeZone()
  const busy = fetcher.state !== 'idle'
  const pendingIntent = busy ? String(fetcher.formData?.get('intent') ?? '') : ''
  // Optimistic read state while the change is saved.
  const lu = pendingIntent === 'set-read' ? fetcher.formData?.get('lu') === 'true' : message.lu
  const sender = [message.prenom, message.nom].filter(Boolean).join(' ')
  const titleId = `message-${message.id}-sujet`

  const post = (fields: Record<string, string>) =>
    fetcher.submit({ ...fields, id: message.id }, { method: 'post' })

  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-lg border bg-white p-4 shadow-sm sm:p-6 ${
        lu ? 'border-gray-200' : 'border-l-4 border-gray-200 border-l-sky-600'
      }`}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <input
            type="checkbox"
            name="ids"
            value={message.id}
            form={MESSAGE_BULK_FORM}
            aria-label={`Sélectionner le message « ${message.sujet} »`}
            className="mt-1.5 size-4 shrink-0"
          />
          <div className="min-w-0">
            <h2
              id={titleId}
              className={`break-words text-lg text-gray-900 ${lu ? 'font-medium' : 'font-bold'}`}
            >
              {message.sujet}
            </h2>
            <p className="mt-1 text-sm text-gray-600">
              <time dateTime={message.cree_le}>{formatDateTime(message.cree_le, timeZone)}</time>
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {!lu ? (
            <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-800">
              Non lu
            </span>
          ) : null}
          {message.archive ? (
            <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-700">
              Archivé
            </span>
          ) : null}
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:gap-x-6">
        <dt className="font-medium text-gray-700">De</dt>
        <dd className="min-w-0 break-words text-gray-900">{sender}</dd>
        <dt className="font-medium text-gray-700">Email</dt>
        <dd className="min-w-0">
          <a href={`mailto:${message.email}`} className="text-sky-700 underline hover:text-sky-900">
            <EmailAddress value={message.email} />
          </a>
        </dd>
        {message.telephone ? (
          <>
            <dt className="font-medium text-gray-700">Téléphone</dt>
            <dd>
              <a
                href={`tel:${message.telephone.replace(/[^\d+]/g, '')}`}
                className="inline-flex items-center gap-1 text-sky-700 underline hover:text-sky-900"
              >
                <Phone aria-hidden="true" className="size-3.5" />
                {message.telephone}
              </a>
            </dd>
          </>
        ) : null}
        {message.oeuvre ? (
          <>
            <dt className="font-medium text-gray-700">Œuvre</dt>
            <dd className="min-w-0 break-words">
              <a
                href={artworkPath(message.oeuvre.id)}
                target="_blank"
                rel="noopener"
                className="text-sky-700 underline hover:text-sky-900"
              >
                {message.oeuvre.nom}
              </a>
            </dd>
          </>
        ) : null}
      </dl>

      <p className="mt-4 whitespace-pre-wrap break-words rounded-md bg-gray-50 p-3 text-gray-800">
        {message.message}
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => post({ intent: 'set-read', lu: lu ? 'false' : 'true' })}
        >
          {lu ? (
            <Mail aria-hidden="true" className="size-4" />
          ) : (
            <MailOpen aria-hidden="true" className="size-4" />
          )}
          {lu ? 'Marquer comme non lu' : 'Marquer comme lu'}
        </Button>
        {!message.archive ? (
          <Button variant="outline" disabled={busy} onClick={() => post({ intent: 'archive' })}>
            <Archive aria-hidden="true" className="size-4" />
            {pendingIntent === 'archive' ? 'Archivage...' : 'Archiver'}
          </Button>
        ) : null}
        <ConfirmDialog
          title="Supprimer le message"
          description={`Êtes-vous sûr de vouloir supprimer le message « ${message.sujet} » ? Cette action est irréversible.`}
          onConfirm={() => post({ intent: 'delete' })}
          trigger={
            <Button
              variant="danger-outline"
              disabled={busy}
              aria-label={`Supprimer le message « ${message.sujet} »`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {pendingIntent === 'delete' ? 'Suppression...' : 'Supprimer'}
            </Button>
          }
        />
      </div>
    </article>
  )
}
