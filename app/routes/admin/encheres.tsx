import { z } from 'zod'
import { AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { AdminAuctionForm, ARTWORK_SEARCH_PARAM } from '#app/components/auction/admin-auction-form'
import {
  AdminAuctionHistory,
  AdminAutomaticBidsTable,
  AdminBidsTable,
} from '#app/components/auction/admin-auction-tables'
import { AdminCurrentAuction } from '#app/components/auction/admin-current-auction'
import { AdminPriceChart } from '#app/components/auction/admin-price-chart'
import { getEnv } from '#app/env.server'
import { adminAction, adminLoader, defineIntent } from '#app/http/admin-action.server'
import { rowIdSchema, withBlanks } from '#app/lib/admin/form-fields'
import { BID_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { buildPriceChart } from '#app/lib/auction-price-chart'
import { parseSoftCloseMinutes, SOFT_CLOSE_SETTING_KEY } from '#app/lib/auction-rules'
import { formatZonedDateTimeInput } from '#app/lib/time-zone'
import { resolveImage } from '#app/media/resolve-images.server'
import { endAuction } from '#app/services/auctions/close-auctions.server'
import { CREATE_AUCTION_MESSAGES, createAuction } from '#app/services/auctions/create-auction.server'
import {
  BIDS_PAGE_SIZE,
  listAdminAuctions,
  listAuctionBidsPage,
} from '#app/services/auctions/list-admin-auctions.server'
import { countNextAuctionSubscribers } from '#app/services/auctions/next-auction-subscription.server'
import { searchArtworkOptions } from '#app/services/catalogue/search-artwork-options.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import type { Route } from './+types/encheres'

export const meta: Route.MetaFunction = () => adminMeta('Enchères éphémères')

/** Length of the auction the form proposes by default, in ms (7 days). */
const DEFAULT_DURATION_MS = 7 * 24 * 3_600_000

/**
 * /admin/encheres?q=&tri=&page=&oeuvre_q= (back-office spec §2 "Auctions"; issue #35 §2): the
 * card's auction with its artwork image and absolute private link, one page of its validated bids
 * (50, highest first, newest or by name; `q` searches e-mail and name), every auction, the works
 * whose name matches `oeuvre_q` for the form's picker (20 at most, none without a search), the
 * form's default start (now) and end (in 7 days) in the site's time zone, and the server's clock;
 * the card auction's price over time with its soft-close extensions, its automatic-bid maxima
 * (admin only: they never reach a public page) and the number of confirmed "Prévenez-moi de la
 * prochaine enchère" subscribers (issue #10 §4). Dates go out as ISO strings.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const env = getEnv()
  const now = new Date()
  const searchParams = new URL(request.url).searchParams
  const bidParams = parseListParams(searchParams, BID_SORTS)
  const artworkQuery = parseListParams(
    new URLSearchParams({ q: searchParams.get(ARTWORK_SEARCH_PARAM) ?? '' }),
    BID_SORTS,
  ).q
  const [{ current, bids, maxima, history }, subscribers, settings, artworks] = await Promise.all([
    listAdminAuctions(),
    countNextAuctionSubscribers(),
    getSiteSettings(),
    searchArtworkOptions(artworkQuery),
  ])
  const bidPage = current
    ? await listAuctionBidsPage(current.id, bidParams)
    : { bids: [], info: { page: 1, pageSize: BIDS_PAGE_SIZE, total: 0, pageCount: 1 } }
  return {
    artworkQuery,
    bidList: {
      q: bidParams.q,
      sort: bidParams.sort,
      info: bidPage.info,
      bids: bidPage.bids.map((bid) => ({ ...bid, cree_le: bid.cree_le.toISOString() })),
    },
    subscribers,
    chart: current
      ? buildPriceChart(
          {
            prixDepart: current.prix_depart,
            prixReserve: current.prix_reserve,
            dateDebut: current.date_debut,
            dateFin: current.date_fin,
            dateFinInitiale: current.date_fin_initiale,
          },
          bids.map((bid) => ({
            montant: bid.montant,
            creeLe: bid.cree_le,
            automatique: bid.automatique,
            prenom: bid.participant_prenom,
          })),
          parseSoftCloseMinutes(settings[SOFT_CLOSE_SETTING_KEY]),
        )
      : null,
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
    maxima: maxima.map((maximum) => ({ ...maximum, modifie_le: maximum.modifie_le.toISOString() })),
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

/**
 * The fields of 'Créer une nouvelle enchère' as posted: the use case reads the dates in the site's
 * time zone against its clock, so it parses them (createAuctionSchema) and refuses with each
 * field's message.
 */
const auctionFormSchema = withBlanks(
  z.object({
    nom: z.string(),
    prix_depart: z.string(),
    prix_reserve: z.string(),
    date_debut: z.string(),
    date_fin: z.string(),
    oeuvre_id: z.string(),
    description: z.string(),
  }),
)

/** Intents: create, end (back-office spec §2 "Auctions", §4, §8). */
export const action = adminAction<Route.ActionArgs>({
  create: defineIntent({
    schema: auctionFormSchema,
    run: (auction) => createAuction(auction),
    success: ({ id, statut }) => ({
      title: 'Succès',
      description:
        statut === 'active'
          ? CREATE_AUCTION_MESSAGES.createdActive
          : CREATE_AUCTION_MESSAGES.createdScheduled,
      id,
    }),
    failure: CREATE_AUCTION_MESSAGES.failure,
  }),
  end: defineIntent({
    schema: rowIdSchema('Enchère introuvable.'),
    run: ({ id }) => endAuction(id),
    success: (_, { id }) => ({ title: 'Succès', description: 'Enchère terminée', id }),
    failure: "Impossible de terminer l'enchère",
  }),
})

/**
 * The auctions screen (back-office spec §2 "Auctions"): on the left the form 'Créer une nouvelle
 * enchère', on the right the card 'Enchère actuelle' (stacked at 390 px); below, the number of
 * next-auction subscribers, the chart 'Évolution du prix' and the tables 'Mises de l'enchère en
 * cours' (both when there are bids), 'Enchères automatiques' (when there is an auction) and
 * 'Historique des enchères'.
 */
export default function AdminAuctions({ loaderData }: Route.ComponentProps) {
  const {
    current,
    image,
    link,
    bidList,
    maxima,
    history,
    artworks,
    artworkQuery,
    defaults,
    zoneLabel,
    serverNow,
    chart,
    subscribers,
  } = loaderData
  return (
    <AdminPage
      title="Enchères éphémères"
      description="Créez une enchère privée et suivez les mises en direct."
    >
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AdminAuctionForm
          defaults={defaults}
          zoneLabel={zoneLabel}
          artworks={artworks}
          artworkQuery={artworkQuery}
        />
        <AdminCurrentAuction auction={current} image={image} link={link} serverNow={serverNow} />
      </div>
      <p className="mt-6 text-sm text-gray-700" data-testid="abonnes-prochaine-enchere">
        Inscrits à « Prévenez-moi de la prochaine enchère » :{' '}
        <strong className="font-semibold text-gray-900">{subscribers}</strong>
      </p>
      <div className="mt-6 space-y-6">
        {chart ? <AdminPriceChart chart={chart} /> : null}
        {current ? <AdminBidsTable {...bidList} /> : null}
        {current ? <AdminAutomaticBidsTable maxima={maxima} /> : null}
        <AdminAuctionHistory auctions={history} />
      </div>
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={'Enchères éphémères'} message="Impossible de charger les enchères" />
}
