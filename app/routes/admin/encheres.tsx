import { z } from 'zod'
import { AdminLoadError, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { AdminAuctionForm, ARTWORK_SEARCH_PARAM } from '#app/components/auction/admin-auction-form'
import { AdminAuctionLimitsCard } from '#app/components/auction/admin-auction-limits'
import {
  AdminAuctionHistory,
  AdminAutomaticBidsTable,
  AdminBidsTable,
} from '#app/components/auction/admin-auction-tables'
import { AdminCurrentAuction } from '#app/components/auction/admin-current-auction'
import { AdminPriceChart } from '#app/components/auction/admin-price-chart'
import { AdminSubscribers, SUBSCRIBERS_PAGE_PARAM } from '#app/components/auction/admin-subscribers'
import { getEnv } from '#app/env.server'
import { adminAction, adminLoader, defineIntent } from '#app/http/admin-action.server'
import { rowIdSchema, withBlanks } from '#app/lib/admin/form-fields'
import { BID_SORTS, parseListParams } from '#app/lib/admin/list-params'
import { buildPriceChart } from '#app/lib/auction-price-chart'
import { parseSoftCloseMinutes, SOFT_CLOSE_SETTING_KEY } from '#app/lib/auction-rules'
import { parsePageParam } from '#app/lib/pagination'
import { formatZonedDateTimeInput } from '#app/lib/time-zone'
import { resolveImage } from '#app/media/resolve-images.server'
import { endAuction } from '#app/services/auctions/close-auctions.server'
import { CREATE_AUCTION_MESSAGES, createAuction } from '#app/services/auctions/create-auction.server'
import {
  BIDS_PAGE_SIZE,
  listAdminAuctions,
  listAuctionBidsPage,
} from '#app/services/auctions/list-admin-auctions.server'
import {
  listNextAuctionSubscribers,
  removeNextAuctionSubscriber,
} from '#app/services/auctions/next-auction-subscribers.server'
import { readAuctionLimits } from '#app/services/auctions/validation-email-limits.server'
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
 * (admin only: they never reach a public page), one page (`abonnes_page`) of the confirmed
 * "Prévenez-moi de la prochaine enchère" subscribers with their count (issue #10 §4, issue #36
 * §6), and the state of the limits on link requests (issue #37 §1). Dates go out as ISO strings.
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
  const [{ current, chartBids, maxima, history }, subscribers, settings, artworks] = await Promise.all([
    listAdminAuctions(),
    listNextAuctionSubscribers(parsePageParam(searchParams, SUBSCRIBERS_PAGE_PARAM) ?? 1),
    getSiteSettings(),
    searchArtworkOptions(artworkQuery),
  ])
  const [bidPage, limits] = current
    ? await Promise.all([listAuctionBidsPage(current.id, bidParams), readAuctionLimits(current.id)])
    : [{ bids: [], info: { page: 1, pageSize: BIDS_PAGE_SIZE, total: 0, pageCount: 1 } }, null]
  return {
    limits,
    artworkQuery,
    bidList: {
      q: bidParams.q,
      sort: bidParams.sort,
      info: bidPage.info,
      bids: bidPage.bids.map((bid) => ({ ...bid, cree_le: bid.cree_le.toISOString() })),
    },
    subscribers: {
      info: subscribers.info,
      rows: subscribers.rows.map((row) => ({ ...row, confirme_le: row.confirme_le.toISOString() })),
    },
    chart: current
      ? buildPriceChart(
          {
            prixDepart: current.prix_depart,
            prixReserve: current.prix_reserve,
            dateDebut: current.date_debut,
            dateFin: current.date_fin,
            dateFinInitiale: current.date_fin_initiale,
          },
          chartBids.map((bid) => ({
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

/** Intents: create, end (back-office spec §2 "Auctions", §4, §8); unsubscribe a subscriber (issue #36 §6). */
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
  unsubscribe: defineIntent({
    schema: rowIdSchema('Inscription introuvable.'),
    run: ({ id }) => removeNextAuctionSubscriber(id),
    success: ({ email }) => ({ title: 'Succès', description: `${email} est désinscrite` }),
    failure: 'Impossible de désinscrire cette adresse',
  }),
})

/**
 * The auctions screen (back-office spec §2 "Auctions"): on the left the form 'Créer une nouvelle
 * enchère', on the right the card 'Enchère actuelle' (stacked at 390 px); below, the card
 * 'Protection contre les abus' (when there is an auction), the chart 'Évolution du prix' and the
 * tables 'Mises de l'enchère en
 * cours' (both when there are bids), 'Enchères automatiques' (when there is an auction) and
 * 'Historique des enchères', then the next auction's subscribers.
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
    serverNow,
    chart,
    subscribers,
    limits,
  } = loaderData
  return (
    <AdminPage
      title="Enchères éphémères"
      description="Créez une enchère privée et suivez les mises en direct."
    >
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AdminAuctionForm defaults={defaults} artworks={artworks} artworkQuery={artworkQuery} />
        <AdminCurrentAuction auction={current} image={image} link={link} serverNow={serverNow} />
      </div>
      <div className="mt-6 space-y-6">
        {limits ? <AdminAuctionLimitsCard limits={limits} /> : null}
        {chart && current ? <AdminPriceChart chart={chart} bidCount={current.nombre_mises} /> : null}
        {current ? <AdminBidsTable {...bidList} /> : null}
        {current ? <AdminAutomaticBidsTable maxima={maxima} /> : null}
        <AdminAuctionHistory auctions={history} />
        <AdminSubscribers {...subscribers} />
      </div>
    </AdminPage>
  )
}

/** A loading failure shows the spec's message (back-office spec §8) inside the admin frame. */
export function ErrorBoundary() {
  return <AdminLoadError title={'Enchères éphémères'} message="Impossible de charger les enchères" />
}
