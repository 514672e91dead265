import { and, count, desc, eq, gt } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { encheres, mises, oeuvres } from '#app/db/schema'
import { type AuctionLiveState, HISTORY_LIMIT, type PublicBid } from '#app/lib/auction-live-state'
import { amountToCents, closingOutcome } from '#app/lib/auction-rules'
import { loadBidIncrements } from './bid-setup.server'

/** Whether a URL segment can be a private auction link token (URL-safe, 8–128 characters). */
export function isAuctionLink(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,128}$/.test(value)
}

/** The artwork shown on an auction page (public spec §3: joined id, nom, image1_url, prix, description). */
export type PublicAuctionArtwork = {
  id: string
  nom: string
  image1_url: string | null
  prix: string | null
  description: string | null
}

/** An active auction as its public page shows it. */
export type PublicAuction = {
  id: string
  nom: string
  /** Sanitized rich text (HTML) or null. */
  description: string | null
  date_debut: Date
  /** Whether a soft-close extension moved the end (« Fin prévue » then shows seconds, issue #36 §1). */
  prolongee: boolean
  oeuvre: PublicAuctionArtwork | null
  live: AuctionLiveState
}

/**
 * The active auction behind a private link, with its artwork and live state (public spec §4 and
 * §7: encheres by lien_prive and statut active; mises by enchere_id, email_valide true, montant
 * descending). Bidders are exposed by first name only.
 *
 * @param lienPrive - the private link token from /enchere/{auctionLink}.
 * @returns null when no active auction has this link (including malformed links).
 */
export async function getPublicAuction(
  lienPrive: string,
  db: Executor = getDb(),
): Promise<PublicAuction | null> {
  if (!isAuctionLink(lienPrive)) return null
  const [auction] = await db
    .select({
      id: encheres.id,
      nom: encheres.nom,
      description: encheres.description,
      date_debut: encheres.date_debut,
      date_fin_initiale: encheres.date_fin_initiale,
      oeuvre: {
        id: oeuvres.id,
        nom: oeuvres.nom,
        image1_url: oeuvres.image1_url,
        prix: oeuvres.prix,
        description: oeuvres.description,
      },
    })
    .from(encheres)
    .leftJoin(oeuvres, eq(oeuvres.id, encheres.oeuvre_id))
    .where(and(eq(encheres.lien_prive, lienPrive), eq(encheres.statut, 'active')))
    .limit(1)
  if (!auction) return null
  const live = await getAuctionLiveState(auction.id, db)
  if (!live) return null
  const { date_fin_initiale, ...shown } = auction
  return {
    ...shown,
    prolongee: date_fin_initiale !== null,
    oeuvre: auction.oeuvre?.id ? auction.oeuvre : null,
    live,
  }
}

/**
 * Whether an auction is running: active with its end still ahead (the home card, issue #10 §4).
 *
 * @param now - the server's clock (tests); default now.
 */
export async function hasRunningAuction(db: Executor = getDb(), now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: encheres.id })
    .from(encheres)
    .where(and(eq(encheres.statut, 'active'), gt(encheres.date_fin, now)))
    .limit(1)
  return row !== undefined
}

/**
 * Whether bidders are at work: a bid on an active auction since `since` (a bidding war in
 * progress). Maintenance that holds the process — the embedded database's daily backup — waits
 * for a quiet hour instead (app/jobs/backup-schedule.server.ts).
 *
 * @param since - the start of the window, e.g. ten minutes ago.
 */
export async function hasRecentBids(since: Date, db: Executor = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ id: mises.id })
    .from(mises)
    .innerJoin(encheres, eq(encheres.id, mises.enchere_id))
    .where(and(eq(encheres.statut, 'active'), gt(mises.cree_le, since)))
    .limit(1)
  return row !== undefined
}

/**
 * The id of the active auction behind a private link (the live stream's access check).
 *
 * @returns null when the link is malformed or no active auction has it.
 */
export async function findActiveAuctionId(lienPrive: string, db: Executor = getDb()): Promise<string | null> {
  if (!isAuctionLink(lienPrive)) return null
  const [row] = await db
    .select({ id: encheres.id })
    .from(encheres)
    .where(and(eq(encheres.lien_prive, lienPrive), eq(encheres.statut, 'active')))
    .limit(1)
  return row?.id ?? null
}

/**
 * An auction's live state, whatever its statut (a page already open keeps following an auction
 * that closes): prices, end time, the number of validated bids, the {@link HISTORY_LIMIT}
 * highest validated bids (ties: earlier first), first names only, and the increment table.
 *
 * @param enchereId - the auction's UUID.
 * @returns null when the auction does not exist.
 */
export async function getAuctionLiveState(
  enchereId: string,
  db: Executor = getDb(),
): Promise<AuctionLiveState | null> {
  const [auction] = await db
    .select({
      statut: encheres.statut,
      prix_depart: encheres.prix_depart,
      prix_actuel: encheres.prix_actuel,
      prix_reserve: encheres.prix_reserve,
      date_fin: encheres.date_fin,
    })
    .from(encheres)
    .where(eq(encheres.id, enchereId))
    .limit(1)
  if (!auction) return null
  const validated = and(eq(mises.enchere_id, enchereId), eq(mises.email_valide, true))
  const [rows, [total], paliers] = await Promise.all([
    db
      .select({
        id: mises.id,
        prenom: mises.participant_prenom,
        montant: mises.montant,
        cree_le: mises.cree_le,
      })
      .from(mises)
      .where(validated)
      .orderBy(desc(mises.montant), mises.cree_le)
      .limit(HISTORY_LIMIT),
    db.select({ value: count() }).from(mises).where(validated),
    loadBidIncrements(),
  ])
  const bids: PublicBid[] = rows.map((row) => ({
    id: row.id,
    prenom: row.prenom,
    montant: row.montant,
    creeLe: row.cree_le.toISOString(),
  }))
  return {
    enchereId,
    statut: auction.statut,
    prixDepart: auction.prix_depart,
    prixActuel: auction.prix_actuel,
    nombreMises: total?.value ?? 0,
    dateFin: auction.date_fin.toISOString(),
    bids,
    paliers,
    reserveAtteinte: isReserveMet(
      (total?.value ?? 0) > 0 ? auction.prix_actuel : null,
      auction.prix_reserve === null ? null : amountToCents(auction.prix_reserve),
    ),
  }
}

/**
 * Whether an auction's best validated bid reaches its reserve, by the closing rule
 * ({@link closingOutcome}; issue #10 §4).
 *
 * @param bestBid - euros ('125.00') of the best validated bid, or null without a bid.
 * @param reserveCents - the reserve in cents, or null when the auction has none.
 * @returns true or false, or null when there is no reserve.
 */
export function isReserveMet(bestBid: string | null, reserveCents: number | null): boolean | null {
  if (reserveCents === null) return null
  return (
    closingOutcome(bestBid === null ? null : amountToCents(bestBid), reserveCents) === 'termine_prix_atteint'
  )
}

/**
 * An auction's reserve price in cents, for the live stream's reserve line (issue #10 §4). Never
 * sent to a browser.
 *
 * @returns the reserve in cents, or null when the auction has none or does not exist.
 */
export async function getAuctionReserveCents(
  enchereId: string,
  db: Executor = getDb(),
): Promise<number | null> {
  const [row] = await db
    .select({ prix_reserve: encheres.prix_reserve })
    .from(encheres)
    .where(eq(encheres.id, enchereId))
    .limit(1)
  return row?.prix_reserve ? amountToCents(row.prix_reserve) : null
}
