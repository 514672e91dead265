import { and, asc, count, desc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { encheres, mises, oeuvres } from '#app/db/schema'
import { type AdminAutomaticMaximum, listAuctionMaxima } from './list-auction-maxima.server'

/** Most bids listed in the table (highest first); the card's count covers them all. */
export const ADMIN_BIDS_LIMIT = 500

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
}

export type AdminAuctions = {
  /** The active auction, else the newest created one; null when there is none at all. */
  current: AdminCurrentAuction | null
  /** Validated bids of `current`, highest first (ties: earlier first), at most {@link ADMIN_BIDS_LIMIT}. */
  bids: AdminBid[]
  /** Automatic-bid maxima left on `current` ({@link listAuctionMaxima}), for the artist only. */
  maxima: AdminAutomaticMaximum[]
  /** Every auction, newest created first. */
  history: AdminAuctionRow[]
  /** Artworks for the creation form's select, by name. */
  artworks: Array<{ id: string; nom: string }>
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
  const [history, artworks] = await Promise.all([
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
    db.select({ id: oeuvres.id, nom: oeuvres.nom }).from(oeuvres).orderBy(asc(oeuvres.nom)),
  ])
  const chosen = history.find((row) => row.statut === 'active') ?? history[0]
  if (!chosen) return { current: null, bids: [], maxima: [], history, artworks }

  const validated = and(eq(mises.enchere_id, chosen.id), eq(mises.email_valide, true))
  const [[details], bids, [total], maxima] = await Promise.all([
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
        id: mises.id,
        participant_prenom: mises.participant_prenom,
        participant_nom: mises.participant_nom,
        participant_email: mises.participant_email,
        montant: mises.montant,
        cree_le: mises.cree_le,
      })
      .from(mises)
      .where(validated)
      .orderBy(desc(mises.montant), asc(mises.cree_le))
      .limit(ADMIN_BIDS_LIMIT),
    db.select({ value: count() }).from(mises).where(validated),
    listAuctionMaxima(chosen.id, db),
  ])
  if (!details) return { current: null, bids: [], maxima: [], history, artworks }
  return {
    current: {
      ...chosen,
      ...details,
      oeuvre: details.oeuvre?.id ? details.oeuvre : null,
      nombre_mises: total?.value ?? 0,
    },
    bids,
    maxima,
    history,
    artworks,
  }
}
