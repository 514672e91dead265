import { ShieldAlert, ShieldCheck } from 'lucide-react'
import { Card } from '#app/components/ui/card'
import type { AuctionLimitsReport } from '#app/lib/auction-limits'

/**
 * The card « Protection contre les abus » of the auction screen (issue #37 §1, decision 040):
 * whether a verification is asked of every new link request now, and over the last hour how
 * many networks were busy, how many verifications were asked and solved, how many requests were
 * refused. Calm wording when nothing happened.
 *
 * @param limits - the counts of `readAuctionLimits` (app/services/auctions/validation-email-limits.server.ts).
 */
export function AdminAuctionLimitsCard({ limits }: { limits: AuctionLimitsReport }) {
  const isActive =
    limits.isChallengeForAll || limits.busyNetworks > 0 || limits.challengesAsked > 0 || limits.refused > 0
  const Icon = isActive ? ShieldAlert : ShieldCheck
  const rows: Array<[string, number | string]> = [
    ['Demandes de lien (10 dernières minutes)', `${limits.recentRequests} / ${limits.threshold}`],
    ['Réseaux très sollicités', limits.busyNetworks],
    ['Vérifications demandées', limits.challengesAsked],
    ['Vérifications réussies', limits.challengesSolved],
    ['Demandes refusées ou e-mails non envoyés', limits.refused],
  ]
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Icon aria-hidden className={isActive ? 'size-5 text-amber-700' : 'size-5 text-green-700'} />
        Protection contre les abus
      </h2>
      <p className="mt-2 text-sm text-gray-700" data-testid="limites-etat">
        {limits.isChallengeForAll
          ? "Vérification active pour tous : beaucoup de demandes de lien arrivent. Chaque nouvelle demande résout une courte vérification automatique avant de recevoir l'e-mail."
          : isActive
            ? 'Limites actives pour certains réseaux ou adresses (dernière heure). Les autres enchérisseurs reçoivent leur lien normalement.'
            : 'Aucune limite active : les demandes de lien arrivent à un rythme normal.'}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-gray-100 py-1">
            <dt className="text-gray-600">{label}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-gray-500">Comptes de la dernière heure, sauf mention contraire.</p>
    </Card>
  )
}
