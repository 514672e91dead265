import type { ReactNode } from 'react'
import { AdminListControls, AdminListPages } from '#app/components/admin/admin-list-controls'
import { pinnedKeyColumn } from '#app/components/admin/admin-table'
import { EmailAddress } from '#app/components/email-address'
import { Card } from '#app/components/ui/card'
import { BID_SORTS, type BidSort } from '#app/lib/admin/list-params'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { countLabel, type PageInfo } from '#app/lib/pagination'
import { useTimeZone } from '#app/lib/use-time-zone'
import { AuctionStatusBadge } from './auction-status-badge'

/**
 * A table that scrolls sideways on narrow screens, reachable with the keyboard, its first column
 * (the participant, the auction's name) pinned ({@link pinnedKeyColumn}).
 */
function ScrollingTable({
  label,
  headers,
  children,
}: {
  label: string
  headers: string[]
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable with the keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className="mt-4 overflow-x-auto focus-visible:outline-2">
      <table className={`w-full min-w-[36rem] text-left text-sm ${pinnedKeyColumn('bg-white')}`}>
        <thead>
          <tr className="border-b border-gray-200 text-xs text-gray-600 uppercase">
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </section>
  )
}

/**
 * Table 'Mises de l'enchère en cours' (back-office spec §2): participant, email, amount (an
 * automatic bid, placed by the site for a bidder's maximum, marked « Automatique », issue #36 §6),
 * date — one page of the validated bids of the card's auction (highest first, newest or by name), with
 * its search, count and page links (issue #35 §2). Shown only when there are bids.
 */
export function AdminBidsTable({
  bids,
  info,
  q,
  sort,
}: {
  bids: Array<{
    id: string
    participant_prenom: string
    participant_nom: string
    participant_email: string
    montant: string
    cree_le: string
    automatique: boolean
  }>
  info: PageInfo
  q: string
  sort: BidSort
}) {
  const timeZone = useTimeZone()
  if (info.total === 0 && q === '') return null
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Mises de l'enchère en cours</h2>
      <AdminListControls
        q={q}
        sort={sort}
        sorts={BID_SORTS}
        searchLabel="Rechercher une mise"
        placeholder="E-mail ou nom du participant…"
        count={countLabel(info.total, 'mise validée', 'mises validées')}
      />
      {bids.length > 0 ? (
        <ScrollingTable
          label="Mises de l'enchère en cours"
          headers={['Participant', 'Email', 'Montant', 'Date']}
        >
          {bids.map((bid) => (
            <tr key={bid.id}>
              <td className="px-3 py-2 text-gray-900">
                {bid.participant_prenom} {bid.participant_nom}
              </td>
              <td className="min-w-40 px-3 py-2 text-gray-700">
                <EmailAddress value={bid.participant_email} />
              </td>
              <td className="px-3 py-2 font-semibold tabular-nums text-gray-900">
                {formatPrice(bid.montant)}
                {bid.automatique ? <AutomaticBidBadge /> : null}
              </td>
              <td className="px-3 py-2 text-gray-700">{formatDateTime(bid.cree_le, timeZone)}</td>
            </tr>
          ))}
        </ScrollingTable>
      ) : null}
      <AdminListPages info={info} />
    </Card>
  )
}

/** The mark of a bid the site placed for a bidder's maximum (issue #36 §6). */
function AutomaticBidBadge() {
  return (
    <span className="ml-2 inline-block rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800">
      Automatique
    </span>
  )
}

/** Labels and colours (AA contrast) of an automatic-bid maximum's state. */
const MAXIMUM_STATES = {
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-900' },
  exhausted: { label: 'Épuisée', className: 'bg-gray-200 text-gray-800' },
  ended: { label: 'Enchère terminée', className: 'bg-gray-200 text-gray-800' },
} as const

/**
 * 'Enchères automatiques' (issue #10 §4): the automatic-bid maxima left on the card's auction,
 * highest first — participant, email, maximum, when it was last set and its state ('Active' while
 * it can still bid for its bidder, 'Épuisée' once outbid or passed by the price, 'Enchère
 * terminée' after the end). For the artist only: maxima never reach a public page. Empty:
 * 'Aucune enchère automatique'. Shown when the screen has an auction; it follows the live
 * reloads of the screen like the other tables.
 */
export function AdminAutomaticBidsTable({
  maxima,
}: {
  maxima: Array<{
    id: string
    participant_prenom: string
    participant_nom: string
    participant_email: string
    montant_max: string
    modifie_le: string
    state: keyof typeof MAXIMUM_STATES
  }>
}) {
  const timeZone = useTimeZone()
  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Enchères automatiques</h2>
      {maxima.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">Aucune enchère automatique</p>
      ) : (
        <ScrollingTable
          label="Enchères automatiques"
          headers={['Participant', 'Email', 'Maximum', 'Défini le', 'État']}
        >
          {maxima.map((maximum) => {
            const state = MAXIMUM_STATES[maximum.state]
            return (
              <tr key={maximum.id}>
                <td className="px-3 py-2 text-gray-900">
                  {maximum.participant_prenom} {maximum.participant_nom}
                </td>
                <td className="min-w-40 px-3 py-2 text-gray-700">
                  <EmailAddress value={maximum.participant_email} />
                </td>
                <td className="px-3 py-2 font-semibold tabular-nums text-gray-900">
                  {formatPrice(maximum.montant_max)}
                </td>
                <td className="px-3 py-2 text-gray-700">{formatDateTime(maximum.modifie_le, timeZone)}</td>
                <td className="px-3 py-2">
                  <span
                    className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.className}`}
                  >
                    {state.label}
                  </span>
                </td>
              </tr>
            )
          })}
        </ScrollingTable>
      )}
    </Card>
  )
}

/**
 * Table 'Historique des enchères' (back-office spec §2): name, start, end, last amount (the
 * current price, which starts at the start price) and the status badge, newest first.
 */
export function AdminAuctionHistory({
  auctions,
}: {
  auctions: Array<{
    id: string
    nom: string
    statut: string
    date_debut: string
    date_fin: string
    prix_actuel: string
  }>
}) {
  const timeZone = useTimeZone()
  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Historique des enchères</h2>
      {auctions.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600">Aucune enchère</p>
      ) : (
        <ScrollingTable
          label="Historique des enchères"
          headers={['Nom', 'Début', 'Fin', 'Dernier montant', 'Statut']}
        >
          {auctions.map((auction) => (
            <tr key={auction.id}>
              <td className="px-3 py-2 font-medium text-gray-900">{auction.nom}</td>
              <td className="px-3 py-2 text-gray-700">{formatDateTime(auction.date_debut, timeZone)}</td>
              <td className="px-3 py-2 text-gray-700">{formatDateTime(auction.date_fin, timeZone)}</td>
              <td className="px-3 py-2 tabular-nums text-gray-900">{formatPrice(auction.prix_actuel)}</td>
              <td className="px-3 py-2">
                <AuctionStatusBadge statut={auction.statut} />
              </td>
            </tr>
          ))}
        </ScrollingTable>
      )}
    </Card>
  )
}
