import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { encheres, mises, oeuvres } from '#app/db/schema'
import type { BidSort, ListParams } from '#app/lib/admin/list-params'
import type { PageInfo } from '#app/lib/pagination'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'
import { type AdminAutomaticMaximum, listAuctionMaxima } from './list-auction-maxima.server'

/**
 * Most bids drawn on the price chart: the latest, i.e. the highest (the chart's summary says so
 * and the card's count covers them all). Each is also a row of the chart's table for screen
 * readers: at 500, 97 KB of the screen's 249 KB at 100×.
 */
export const CHART_BIDS_LIMIT = 200

/** One row of the table 'Historique des enchères' (back-office spec §2). */
export type AdminAuctionRow = {
  id: string
  nom: string
  statut: string
  date_debut: Date
  date_fin: Date
  /** 'last amount': the current price, which starts at the start price (euros, '150.00'). */
  prix_actuel: string
  cree_le: Date
}

/** The auction of the card 'Enchère actuelle', with its artwork. */
export type AdminCurrentAuction = AdminAuctionRow & {
  description: string | null
  prix_depart: string
  prix_reserve: string | null
  /** The end before any soft-close extension (null: never extended), for the price chart. */
  date_fin_initiale: Date | null
  lien_prive: string
  /** Validated bids, all counted. */
  nombre_mises: number
  oeuvre: { id: string; nom: string; image1_url: string | null; prix: string | null } | null
}

/** One row of the table 'Mises de l'enchère en cours': the bidder in full, for the artist only. */
export type AdminBid = {
  id: string
  participant_prenom: string
  participant_nom: string
  participant_email: string
  montant: string
  cree_le: Date
  /** Placed by the site for the bidder's maximum (issue #36 §6). */
  automatique: boolean
}

/** The columns of an {@link AdminBid}. */
const ADMIN_BID_COLUMNS = {
  id: mises.id,
  participant_prenom: mises.participant_prenom,
  participant_nom: mises.participant_nom,
  participant_email: mises.participant_email,
  montant: mises.montant,
  cree_le: mises.cree_le,
  automatique: mises.automatique,
}

/** A bid as the price chart draws it ({@link buildPriceChart} in app/lib/auction-price-chart.ts). */
export type ChartBid = Pick<AdminBid, 'participant_prenom' | 'montant' | 'cree_le' | 'automatique'>

export type AdminAuctions = {
  /** The active auction, else the newest created one; null when there is none at all. */
  current: AdminCurrentAuction | null
  /**
   * Validated bids of `current` for its price chart, highest first (ties: earlier first), at most
   * {@link CHART_BIDS_LIMIT}, with only the columns the chart draws: at 100× (4,235 bids) the 500
   * with every column took 28–44 ms to read on a fresh start of the embedded database, 13 ms so.
   */
  chartBids: ChartBid[]
  /** Automatic-bid maxima left on `current` ({@link listAuctionMaxima}), for the artist only. */
  maxima: AdminAutomaticMaximum[]
  /** Every auction, newest created first. */
  history: AdminAuctionRow[]
}

/**
 * Everything the screen /admin/encheres shows (back-office spec §2 "Auctions", §7: encheres with
 * joined artwork, newest cree_le first; mises by enchere_id, email_valide true, montant
 * descending). The card shows the active auction — or, when none is active, the newest one, so
 * the artist sees how the last one ended — with its automatic-bid maxima (issue #10 §4).
 *
 * @returns see {@link AdminAuctions}; amounts are euro strings, dates instants.
 */
export async function listAdminAuctions(): Promise<AdminAuctions> {
  const db = getDb()
  const [history] = await Promise.all([
    db
      .select({
        id: encheres.id,
        nom: encheres.nom,
        statut: encheres.statut,
        date_debut: encheres.date_debut,
        date_fin: encheres.date_fin,
        prix_actuel: encheres.prix_actuel,
        cree_le: encheres.cree_le,
      })
      .from(encheres)
      .orderBy(desc(encheres.cree_le), desc(encheres.id)),
  ])
  const chosen = history.find((row) => row.statut === 'active') ?? history[0]
  if (!chosen) return { current: null, chartBids: [], maxima: [], history }

  const validated = and(eq(mises.enchere_id, chosen.id), eq(mises.email_valide, true))
  const [[details], chartBids, [total], maxima] = await Promise.all([
    db
      .select({
        description: encheres.description,
        prix_depart: encheres.prix_depart,
        prix_reserve: encheres.prix_reserve,
        date_fin_initiale: encheres.date_fin_initiale,
        lien_prive: encheres.lien_prive,
        oeuvre: { id: oeuvres.id, nom: oeuvres.nom, image1_url: oeuvres.image1_url, prix: oeuvres.prix },
      })
      .from(encheres)
      .leftJoin(oeuvres, eq(oeuvres.id, encheres.oeuvre_id))
      .where(eq(encheres.id, chosen.id)),
    db
      .select({
        participant_prenom: mises.participant_prenom,
        montant: mises.montant,
        cree_le: mises.cree_le,
        automatique: mises.automatique,
      })
      .from(mises)
      .where(validated)
      .orderBy(desc(mises.montant), asc(mises.cree_le))
      .limit(CHART_BIDS_LIMIT),
    db.select({ value: count() }).from(mises).where(validated),
    listAuctionMaxima(chosen.id, db),
  ])
  if (!details) return { current: null, chartBids: [], maxima: [], history }
  return {
    current: {
      ...chosen,
      ...details,
      oeuvre: details.oeuvre?.id ? details.oeuvre : null,
      nombre_mises: total?.value ?? 0,
    },
    chartBids,
    maxima,
    history,
  }
}

/** Bids per page of the table 'Mises de l'enchère en cours' (issue #35 §2). */
export const BIDS_PAGE_SIZE = 50

const BID_ORDER = {
  montant: [desc(mises.montant), asc(mises.cree_le), asc(mises.id)],
  date: [desc(mises.cree_le), desc(mises.id)],
  nom: [byName(mises.participant_nom), byName(mises.participant_prenom), desc(mises.montant)],
} satisfies Record<BidSort, SQL[]>

/**
 * One page of the validated bids of an auction for the table 'Mises de l'enchère en cours'
 * (back-office spec §2 "Auctions"; issue #35 §2): highest first (ties: earlier first), newest
 * first, or by bidder's name; matching the search on the e-mail or the name (accents ignored). Read
 * through the partial index of validated bids: only this auction's bids are read. A page past the
 * end shows the last page.
 *
 * @param auctionId - encheres.id.
 * @param params - page, search and sort.
 * @returns `{ bids, info }`: at most {@link BIDS_PAGE_SIZE} bids and the page shown.
 */
export async function listAuctionBidsPage(
  auctionId: string,
  params: ListParams<BidSort>,
): Promise<{ bids: AdminBid[]; info: PageInfo }> {
  const db = getDb()
  const where = and(
    eq(mises.enchere_id, auctionId),
    eq(mises.email_valide, true),
    matchesSearch(params.q, [mises.participant_email, mises.participant_nom, mises.participant_prenom]),
  )
  const { rows, info } = await readListPage(
    params.page,
    BIDS_PAGE_SIZE,
    () => db.$count(mises, where),
    (limit, offset) =>
      db
        .select(ADMIN_BID_COLUMNS)
        .from(mises)
        .where(where)
        .orderBy(...BID_ORDER[params.sort])
        .limit(limit)
        .offset(offset),
  )
  return { bids: rows, info }
}
