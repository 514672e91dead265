import { Download, UserMinus } from 'lucide-react'
import { useFetcher } from 'react-router'
import { AdminListPages } from '#app/components/admin/admin-list-controls'
import { Button, buttonClass } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import type { AdminActionData } from '#app/lib/admin-result'
import { formatDateTime } from '#app/lib/format'
import { countLabel, type PageInfo } from '#app/lib/pagination'
import { useTimeZone } from '#app/lib/use-time-zone'

/** The query parameter of the subscribers' page on the auction screen (its bids use `page`). */
export const SUBSCRIBERS_PAGE_PARAM = 'abonnes_page'

/**
 * 'Inscrits à la prochaine enchère' (issue #36 §6): the confirmed subscribers of « Prévenez-moi
 * de la prochaine enchère », a page at a time (address, date of confirmation), each with its
 * « Désinscrire » button (intent `unsubscribe`), the count, and the CSV download of them all.
 */
export function AdminSubscribers({
  rows,
  info,
}: {
  rows: Array<{ id: string; email: string; confirme_le: string }>
  info: PageInfo
}) {
  const timeZone = useTimeZone()
  return (
    <Card data-testid="abonnes-prochaine-enchere">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">Inscrits à la prochaine enchère</h2>
        {info.total > 0 ? (
          <a href="/admin/encheres/abonnes.csv" download className={buttonClass('outline')}>
            <Download aria-hidden="true" className="size-4" />
            Exporter en CSV
          </a>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-gray-700">
        <strong className="font-semibold text-gray-900">
          {countLabel(info.total, 'adresse confirmée', 'adresses confirmées')}
        </strong>{' '}
        pour « Prévenez-moi de la prochaine enchère »
      </p>
      {rows.length > 0 ? (
        <ul className="mt-4 divide-y divide-gray-100" aria-label="Inscrits à la prochaine enchère">
          {rows.map((row) => (
            <SubscriberRow key={row.id} row={row} timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
      <AdminListPages info={info} param={SUBSCRIBERS_PAGE_PARAM} label="Pages des inscrits" />
    </Card>
  )
}

function SubscriberRow({
  row,
  timeZone,
}: {
  row: { id: string; email: string; confirme_le: string }
  timeZone: string
}) {
  const fetcher = useFetcher<AdminActionData>()
  const busy = fetcher.state !== 'idle'
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-gray-900">{row.email}</p>
        <p className="text-xs text-gray-600">Confirmée le {formatDateTime(row.confirme_le, timeZone)}</p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="unsubscribe" />
        <input type="hidden" name="id" value={row.id} />
        <Button type="submit" variant="outline" disabled={busy}>
          <UserMinus aria-hidden="true" className="size-4" />
          Désinscrire<span className="sr-only"> {row.email}</span>
        </Button>
      </fetcher.Form>
    </li>
  )
}
