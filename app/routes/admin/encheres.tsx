import { AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { AdminAuctionForm } from '#app/components/auction/admin-auction-form'
import { AdminAuctionHistory, AdminBidsTable } from '#app/components/auction/admin-auction-tables'
import { AdminCurrentAuction } from '#app/components/auction/admin-current-auction'
import { getEnv } from '#app/env.server'
import {
  type AdminIntentArgs,
  adminAction,
  adminFailure,
  adminLoader,
  adminSuccess,
} from '#app/http/admin-action.server'
import { wakeAuctionScheduler } from '#app/jobs/auction-scheduler.server'
import { formatZonedDateTimeInput } from '#app/lib/time-zone'
import { logger } from '#app/logger.server'
import { resolveImage } from '#app/media/resolve-images.server'
import { endAuction } from '#app/services/auctions/close-auctions.server'
import { CREATE_AUCTION_MESSAGES, createAuction } from '#app/services/auctions/create-auction.server'
import { listAdminAuctions } from '#app/services/auctions/list-admin-auctions.server'
import type { Route } from './+types/encheres'

export const meta: Route.MetaFunction = () => adminMeta('Enchères éphémères')

/** Length of the auction the form proposes by default, in ms (7 days). */
const DEFAULT_DURATION_MS = 7 * 24 * 3_600_000

/**
 * /admin/encheres (back-office spec §2 "Auctions"): the card's auction with its artwork image and
 * absolute private link, its validated bids, every auction, the artworks for the form, the
 * form's default start (now) and end (in 7 days) in the site's time zone, and the server's clock.
 * Dates go out as ISO strings.
 */
export const loader = adminLoader(async (_args: Route.LoaderArgs) => {
  const env = getEnv()
  const now = new Date()
  const { current, bids, history, artworks } = await listAdminAuctions()
  return {
    current: current
      ? {
          id: current.id,
          nom: current.nom,
          description: current.description,
          statut: current.statut,
          prix_depart: current.prix_depart,
          prix_actuel: current.prix_actuel,
          date_fin: current.date_fin.toISOString(),
          nombre_mises: current.nombre_mises,
          oeuvre: current.oeuvre ? { nom: current.oeuvre.nom, prix: current.oeuvre.prix } : null,
        }
      : null,
    image: current?.oeuvre ? await resolveImage(current.oeuvre.image1_url) : null,
    link: current ? `${env.SITE_URL_RESOLVED}/enchere/${encodeURIComponent(current.lien_prive)}` : null,
    bids: bids.map((bid) => ({ ...bid, cree_le: bid.cree_le.toISOString() })),
    history: history.map((row) => ({
      id: row.id,
      nom: row.nom,
      statut: row.statut,
      prix_actuel: row.prix_actuel,
      date_debut: row.date_debut.toISOString(),
      date_fin: row.date_fin.toISOString(),
    })),
    artworks,
    defaults: {
      date_debut: formatZonedDateTimeInput(now, env.SITE_TIMEZONE),
      date_fin: formatZonedDateTimeInput(new Date(now.getTime() + DEFAULT_DURATION_MS), env.SITE_TIMEZONE),
    },
    zoneLabel: env.SITE_TIMEZONE === 'Europe/Paris' ? 'Heure de Paris' : `Fuseau ${env.SITE_TIMEZONE}`,
    serverNow: now.toISOString(),
  }
})

type Args = AdminIntentArgs<Route.ActionArgs>

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** Intent 'create': {@link createAuction}; toasts per back-office spec §8. */
async function create({ form }: Args) {
  try {
    const result = await createAuction({
      nom: text(form, 'nom'),
      prix_depart: text(form, 'prix_depart'),
      prix_reserve: text(form, 'prix_reserve'),
      date_debut: text(form, 'date_debut'),
      date_fin: text(form, 'date_fin'),
      oeuvre_id: text(form, 'oeuvre_id'),
      description: text(form, 'description'),
    })
    if (result.status === 'already-active') {
      return adminFailure('create', CREATE_AUCTION_MESSAGES.alreadyActive, { status: 409 })
    }
    if (result.status === 'invalid') {
      return adminFailure('create', CREATE_AUCTION_MESSAGES.failure, { fieldErrors: result.fieldErrors })
    }
    // The scheduler plans its next run at the next known deadline: tell it about this auction.
    wakeAuctionScheduler()
    const message =
      result.statut === 'active'
        ? CREATE_AUCTION_MESSAGES.createdActive
        : CREATE_AUCTION_MESSAGES.createdScheduled
    return adminSuccess('create', 'Succès', message, { id: result.id })
  } catch (error) {
    logger.error({ err: error }, "Échec de la création d'une enchère")
    return adminFailure('create', CREATE_AUCTION_MESSAGES.failure, { status: 500 })
  }
}

/** Intent 'end' ('Terminer'): {@link endAuction}; 'Enchère terminée' or 'Impossible de terminer l'enchère'. */
async function end({ form }: Args) {
  const failure = "Impossible de terminer l'enchère"
  try {
    const result = await endAuction(text(form, 'id'))
    if (result.status !== 'ended') return adminFailure('end', failure, { status: 409 })
    return adminSuccess('end', 'Succès', 'Enchère terminée', { id: text(form, 'id') })
  } catch (error) {
    logger.error({ err: error }, "Échec de la clôture d'une enchère")
    return adminFailure('end', failure, { status: 500 })
  }
}

/** Intents: create, end (back-office spec §4, §8). */
export const action = adminAction<Route.ActionArgs>(
  { create, end },
  { failure: { create: "Impossible de créer l'enchère", end: "Impossible de terminer l'enchère" } },
)

/**
 * The auctions screen (back-office spec §2 "Auctions"): on the left the form 'Créer une nouvelle
 * enchère', on the right the card 'Enchère actuelle' (stacked at 390 px); below, the tables
 * 'Mises de l'enchère en cours' (when there are bids) and 'Historique des enchères'.
 */
export default function AdminAuctions({ loaderData }: Route.ComponentProps) {
  const { current, image, link, bids, history, artworks, defaults, zoneLabel, serverNow } = loaderData
  return (
    <AdminPage
      title="Enchères éphémères"
      description="Créez une enchère privée et suivez les mises en direct."
    >
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AdminAuctionForm defaults={defaults} zoneLabel={zoneLabel} artworks={artworks} />
        <AdminCurrentAuction auction={current} image={image} link={link} serverNow={serverNow} />
      </div>
      <div className="mt-6 space-y-6">
        <AdminBidsTable bids={bids} />
        <AdminAuctionHistory auctions={history} />
      </div>
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={'Enchères éphémères'} message="Impossible de charger les enchères" />
}
