import { Copy, ExternalLink, Gavel, Square } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFetcher, useFetchers, useNavigation, useRevalidator } from 'react-router'
import { toast } from 'sonner'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import { Button, buttonClass } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import type { AdminActionData } from '#app/lib/admin-result'
import { splitRemaining } from '#app/lib/auction-live-state'
import { formatPrice } from '#app/lib/format'
import type { ImageData } from '#app/lib/images'
import { formatCount } from '#app/lib/pagination'
import { AuctionStatusBadge } from './auction-status-badge'

/** What the card 'Enchère actuelle' shows (dates as ISO strings, amounts as euro strings). */
export type AdminCardAuction = {
  id: string
  nom: string
  description: string | null
  statut: string
  prix_depart: string
  prix_actuel: string
  date_fin: string
  nombre_mises: number
  oeuvre: { nom: string; prix: string | null } | null
}

/**
 * The time left on the server's clock (back-office spec §9, like the public page): `serverNow`
 * (from the loader) drives the server render and the hydration; then the browser ticks every
 * second with its clock corrected by the difference to `serverNow` when that value arrived (off by
 * the answer's travel time at most, below the card's minute).
 *
 * @param dateFin - the auction's end (ISO 8601).
 * @param serverNow - the server's clock when the loader ran (ISO 8601).
 * @returns the time left in ms (0 when over).
 */
export function useRemainingMs(dateFin: string, serverNow: string): number {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    const offsetMs = Date.parse(serverNow) - Date.now()
    const tick = () => setNow(Date.now() + offsetMs)
    tick()
    const timer = setInterval(tick, 1_000)
    return () => clearInterval(timer)
  }, [serverNow])
  return Math.max(0, Date.parse(dateFin) - (now ?? Date.parse(serverNow)))
}

/** Remaining time in hours and minutes (back-office spec §9), or 'Terminée'. */
export function remainingText(remainingMs: number, statut: string): string {
  const { hours, minutes, ended } = splitRemaining(remainingMs)
  if (ended || (statut !== 'active' && statut !== 'programme')) return 'Terminée'
  return `${hours} h ${String(minutes).padStart(2, '0')} min`
}

/**
 * Reloads the screen's data when the live stream of the active auction reports a bid or the
 * closing, so the artist sees bids arrive (issue #4 §3) without reloading. While one of the
 * screen's own submissions is under way, the reload waits for it: a revalidation started then
 * would abort the one that follows the action, whose answer carries the action's toast (read once
 * from its cookie), and the toast would be lost. The reload still runs once everything is idle.
 */
export function useLiveReload(streamUrl: string | null) {
  const { revalidate } = useRevalidator()
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
  const [pending, setPending] = useState(false)
  const busyRef = useRef(busy)
  busyRef.current = busy
  useEffect(() => {
    if (pending && !busy) {
      setPending(false)
      void revalidate()
    }
  }, [pending, busy, revalidate])
  useEffect(() => {
    if (!streamUrl || typeof EventSource === 'undefined') return
    const source = new EventSource(streamUrl)
    const reload = () => (busyRef.current ? setPending(true) : void revalidate())
    source.addEventListener('bid', reload)
    source.addEventListener('closed', () => {
      source.close()
      reload()
    })
    return () => source.close()
  }, [streamUrl, revalidate])
}

/**
 * The card 'Enchère actuelle' (back-office spec §2 "Auctions"): name, description, artwork image,
 * name and price, status badge, 'Terminer' while active (confirmed, then intent 'end'), start and
 * current price, remaining time in hours and minutes ('Terminée' when over), 'Copier le lien',
 * 'Voir l'enchère' (new tab) and the private link. Empty: 'Aucune enchère active' /
 * 'Créez une nouvelle enchère pour commencer'.
 *
 * @param link - the absolute public link `{SITE_URL}/enchere/{lien_prive}`.
 * @param serverNow - the server's clock when the page loaded (ISO), for the remaining time.
 */
export function AdminCurrentAuction({
  auction,
  image,
  link,
  serverNow,
}: {
  auction: AdminCardAuction | null
  image: ImageData | null
  link: string | null
  serverNow: string
}) {
  const fetcher = useFetcher<AdminActionData>({ key: 'terminer-enchere' })
  const remainingMs = useRemainingMs(auction?.date_fin ?? serverNow, serverNow)
  const isActive = auction?.statut === 'active'
  const titleId = useId()
  useLiveReload(isActive && link ? `${new URL(link).pathname}/evenements` : null)

  if (!auction || !link) {
    return (
      <section aria-labelledby={titleId}>
        <Card>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            Enchère actuelle
          </h2>
          <div className="mt-6 flex flex-col items-center py-8 text-center">
            <Gavel aria-hidden="true" className="size-10 text-gray-400" />
            <p className="mt-3 font-medium text-gray-900">Aucune enchère active</p>
            <p className="mt-1 text-sm text-gray-600">Créez une nouvelle enchère pour commencer</p>
          </div>
        </Card>
      </section>
    )
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link ?? '')
      toast.success('Succès', { description: 'Lien copié dans le presse-papiers' })
    } catch {
      toast.error('Erreur', { description: 'Impossible de copier le lien' })
    }
  }

  return (
    <section aria-labelledby={titleId}>
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            Enchère actuelle
          </h2>
          <div className="flex items-center gap-2">
            <AuctionStatusBadge statut={auction.statut} />
            {isActive ? (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" disabled={fetcher.state !== 'idle'}>
                    <Square aria-hidden="true" className="size-4" />
                    Terminer
                  </Button>
                }
                title="Terminer l'enchère"
                description={`Terminer maintenant l'enchère « ${auction.nom} » ? Elle sera close selon les mises reçues.`}
                confirmLabel="Terminer"
                onConfirm={() => fetcher.submit({ intent: 'end', id: auction.id }, { method: 'post' })}
              />
            ) : null}
          </div>
        </div>

        <p className="mt-4 text-xl font-semibold text-gray-900">{auction.nom}</p>
        <RichText html={auction.description} className="prose prose-sm mt-2 max-w-none text-gray-700" />

        {auction.oeuvre ? (
          <div className="mt-4 flex items-center gap-4 rounded-md bg-gray-50 p-3">
            {image ? (
              <div className="size-20 shrink-0">
                <ResponsiveImage
                  image={image}
                  alt={auction.oeuvre.nom}
                  sizes="80px"
                  className="size-20 rounded object-cover"
                />
              </div>
            ) : null}
            <div className="min-w-0">
              <p className="truncate font-medium text-gray-900" title={auction.oeuvre.nom}>
                {auction.oeuvre.nom}
              </p>
              {auction.oeuvre.prix ? (
                <p className="text-sm text-gray-600">{formatPrice(auction.oeuvre.prix)}</p>
              ) : null}
            </div>
          </div>
        ) : null}

        <dl className="mt-5 grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Figure label="Prix de départ">{formatPrice(auction.prix_depart)}</Figure>
          <Figure label="Prix actuel" testId="admin-prix-actuel">
            {formatPrice(auction.prix_actuel)}
          </Figure>
          <Figure label="Temps restant">{remainingText(remainingMs, auction.statut)}</Figure>
          <Figure label="Mises">{formatCount(auction.nombre_mises)}</Figure>
        </dl>

        <div className="mt-5 border-t border-gray-200 pt-4">
          <p className="text-xs font-medium text-gray-600">Lien privé</p>
          <p className="mt-1 rounded bg-gray-100 px-2 py-1.5 font-mono text-xs [overflow-wrap:anywhere] text-gray-800">
            {link}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void copyLink()}>
              <Copy aria-hidden="true" className="size-4" />
              Copier le lien
            </Button>
            <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClass('outline')}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Voir l'enchère
              <span className="sr-only"> (nouvel onglet)</span>
            </a>
          </div>
        </div>
      </Card>
    </section>
  )
}

/** One figure of the card's list: the label, then the value in tabular digits. */
function Figure({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums text-gray-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
