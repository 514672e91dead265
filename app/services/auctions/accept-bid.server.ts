import { and, count, desc, eq } from 'drizzle-orm'
import { type Executor, getDb, type Transaction } from '#app/db/client.server'
import { encheres, mises, siteSettings, validationsEmail } from '#app/db/schema'
import {
  amountToCents,
  type BidWindow,
  bidWindow,
  centsToAmount,
  isAmountAbove,
  parseSoftCloseMinutes,
  SOFT_CLOSE_SETTING_KEY,
  softCloseExtension,
} from '#app/lib/auction-rules'
import { logger } from '#app/logger.server'
import { publishAuctionEvent } from '#app/services/auctions/auction-events.server'

/** The auction row as read under its lock (`SELECT … FOR UPDATE`); updated in place on acceptance. */
export type LockedAuction = {
  id: string
  statut: string
  date_debut: Date
  date_fin: Date
  date_fin_initiale: Date | null
  prix_actuel: string
}

/**
 * Locks an auction row for the rest of the transaction (DESIGN.md §6): every bid acceptance,
 * address validation and closing of this auction takes this lock first, so they run one after
 * the other and each sees the state the previous one committed.
 *
 * @returns the locked row, or undefined when the auction does not exist.
 */
export async function lockAuction(tx: Transaction, enchereId: string): Promise<LockedAuction | undefined> {
  const [row] = await tx
    .select({
      id: encheres.id,
      statut: encheres.statut,
      date_debut: encheres.date_debut,
      date_fin: encheres.date_fin,
      date_fin_initiale: encheres.date_fin_initiale,
      prix_actuel: encheres.prix_actuel,
    })
    .from(encheres)
    .where(eq(encheres.id, enchereId))
    .for('update')
  return row
}

/**
 * Whether `email` (lower case) is validated for an auction: a validations_email row with
 * valide = true for this address and auction (issue #4 §4, DESIGN.md §5).
 */
export async function isEmailValidated(
  executor: Executor,
  enchereId: string,
  email: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: validationsEmail.id })
    .from(validationsEmail)
    .where(
      and(
        eq(validationsEmail.enchere_id, enchereId),
        eq(validationsEmail.email, email),
        eq(validationsEmail.valide, true),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/**
 * The soft-close window from the site settings (`enchere_prolongation_minutes`, issue #4 §4), in
 * minutes; 2 when unset. Reads through `getDb()`: call it before opening a transaction.
 */
export async function readSoftCloseMinutes(): Promise<number> {
  const [row] = await getDb()
    .select({ value: siteSettings.setting_value })
    .from(siteSettings)
    .where(eq(siteSettings.setting_key, SOFT_CLOSE_SETTING_KEY))
    .limit(1)
  return parseSoftCloseMinutes(row?.value)
}

/** A bid to accept: a new one, or a stored pending one (`miseId`) whose address was just validated. */
export type BidCandidate = {
  miseId?: string
  email: string
  nom: string
  prenom: string
  amountCents: number
}

export type AcceptOutcome =
  | {
      accepted: true
      miseId: string
      /** The bid, euros ('130.00'). */
      montant: string
      /** Acceptance time (the bid's cree_le). */
      creeLe: Date
      /** The auction's end after this bid (extended by the soft close or not). */
      dateFin: Date
      /** Validated bids of the auction, this one included. */
      nombreMises: number
      /** Address of the best validated bid before this one, null when this is the first. */
      previousLeaderEmail: string | null
    }
  | { accepted: false; reason: Exclude<BidWindow, 'open'> | 'too-low'; prixActuel: string }

/**
 * Accepts one bid on an auction locked by {@link lockAuction} (issue #4 §4), or says why not:
 * the auction must take bids at `now` ({@link bidWindow}) and the amount must be strictly above
 * the current price (an equal later bid loses: the earlier one wins). On acceptance, in the
 * caller's transaction: the bid is stored (or the pending one flagged) with email_valide = true
 * and cree_le = now, prix_actuel becomes the amount, and within the last `softCloseMinutes` the
 * end moves per {@link softCloseExtension}. `auction` is updated in place, so several candidates
 * can be checked in one transaction.
 *
 * @param now - the server's clock, used for the rules and stored as the bid's time.
 */
export async function acceptBidLocked(
  tx: Transaction,
  auction: LockedAuction,
  candidate: BidCandidate,
  now: Date,
  softCloseMinutes: number,
): Promise<AcceptOutcome> {
  const window = bidWindow(auction, now)
  if (window !== 'open') return { accepted: false, reason: window, prixActuel: auction.prix_actuel }
  if (!isAmountAbove(candidate.amountCents, amountToCents(auction.prix_actuel))) {
    return { accepted: false, reason: 'too-low', prixActuel: auction.prix_actuel }
  }
  const montant = centsToAmount(candidate.amountCents)
  const [leader] = await tx
    .select({ email: mises.participant_email })
    .from(mises)
    .where(and(eq(mises.enchere_id, auction.id), eq(mises.email_valide, true)))
    .orderBy(desc(mises.montant))
    .limit(1)

  let miseId: string | undefined
  if (candidate.miseId) {
    const [row] = await tx
      .update(mises)
      .set({ email_valide: true, cree_le: now })
      .where(and(eq(mises.id, candidate.miseId), eq(mises.email_valide, false)))
      .returning({ id: mises.id })
    miseId = row?.id
  } else {
    const [row] = await tx
      .insert(mises)
      .values({
        enchere_id: auction.id,
        participant_email: candidate.email,
        participant_nom: candidate.nom,
        participant_prenom: candidate.prenom,
        montant,
        email_valide: true,
        cree_le: now,
      })
      .returning({ id: mises.id })
    miseId = row?.id
  }
  if (!miseId) throw new Error("La mise n'a pas pu être enregistrée.")

  const extension = softCloseExtension(auction, now, softCloseMinutes)
  await tx
    .update(encheres)
    .set({ prix_actuel: montant, ...(extension ?? {}) })
    .where(eq(encheres.id, auction.id))
  auction.prix_actuel = montant
  if (extension) {
    auction.date_fin = extension.date_fin
    auction.date_fin_initiale = extension.date_fin_initiale
  }
  const [counted] = await tx
    .select({ n: count() })
    .from(mises)
    .where(and(eq(mises.enchere_id, auction.id), eq(mises.email_valide, true)))
  return {
    accepted: true,
    miseId,
    montant,
    creeLe: now,
    dateFin: auction.date_fin,
    nombreMises: Number(counted?.n ?? 0),
    previousLeaderEmail: leader?.email ?? null,
  }
}

/**
 * Tells open auction pages about an accepted bid (issue #4 §3), after its transaction committed.
 * Never throws: a failed notification is logged; the bid stays accepted.
 */
export async function publishAcceptedBid(
  enchereId: string,
  accepted: Extract<AcceptOutcome, { accepted: true }>,
  prenom: string,
): Promise<void> {
  try {
    await publishAuctionEvent({
      type: 'bid',
      enchereId,
      prixActuel: accepted.montant,
      nombreMises: accepted.nombreMises,
      dateFin: accepted.dateFin.toISOString(),
      mise: { id: accepted.miseId, prenom, montant: accepted.montant, creeLe: accepted.creeLe.toISOString() },
    })
  } catch (error) {
    logger.warn({ err: error, enchereId }, "Événement d'enchère non publié")
  }
}
