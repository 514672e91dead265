import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Transaction } from '#app/db/client.server'
import { encheres, mises } from '#app/db/schema'
import {
  amountToCents,
  BID_INCREMENTS_SETTING_KEY,
  type BidIncrementStep,
  type BidWindow,
  bidWindow,
  centsToAmount,
  minimumBidCents,
  parseSoftCloseMinutes,
  readBidIncrements,
  SOFT_CLOSE_SETTING_KEY,
  softCloseExtension,
} from '#app/lib/auction-rules'
import { findContactRecipient } from '#app/services/contact/send-contact-message.server'
import { enqueueEmails, type OutgoingEmail } from '#app/services/mail/enqueue-email.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'
import {
  type AuctionEmailContext,
  loadAuctionEmailContext,
  prepareBidNotificationEmail,
  prepareOutbidEmail,
} from './auction-emails.server'
import { type AuctionEvent, notifyAuctionEvents } from './auction-events.server'

/**
 * The auction as read under its lock ({@link lockAuction}); {@link acceptBidsLocked} updates it in
 * place as it accepts bids.
 */
export type LockedAuction = {
  id: string
  statut: string
  date_debut: Date
  date_fin: Date
  date_fin_initiale: Date | null
  /** Euros ('130.00'). */
  prix_actuel: string
  /** Validated bids so far. */
  nombreMises: number
  /** Address of the best validated bid, null before the first. */
  leaderEmail: string | null
}

/**
 * Locks an auction row for the rest of the transaction (DESIGN.md §6): every bid acceptance,
 * address validation and closing of this auction takes this lock first, so they run one after
 * the other and each sees the state the previous one committed. The bid count and the leader are
 * read after the lock is held (a statement that waited for the lock would otherwise see the state
 * before the transaction it waited for).
 *
 * @returns the locked row with its bid count and leader, or undefined when the auction does not exist.
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
  if (!row) return undefined
  const validated = and(eq(mises.enchere_id, enchereId), eq(mises.email_valide, true))
  const [stats] = await tx
    .select({
      n: sql<number>`(select count(*)::int from ${mises} where ${validated})`,
      leader: sql<
        string | null
      >`(select ${mises.participant_email} from ${mises} where ${validated} order by ${mises.montant} desc limit 1)`,
    })
    .from(sql`(select 1) as un`)
  return { ...row, nombreMises: Number(stats?.n ?? 0), leaderEmail: stats?.leader ?? null }
}

/** A bid to accept: a new one, or a stored pending one (`miseId`) whose address was just validated. */
export type BidCandidate = {
  miseId?: string
  email: string
  nom: string
  prenom: string
  amountCents: number
  /** The server's clock for this bid: the rules' time and the stored bid time. */
  now: Date
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
  | {
      accepted: false
      reason: Exclude<BidWindow, 'open'> | 'too-low'
      /** The price the bid was measured against, euros ('130.00'), and the validated bids then. */
      prixActuel: string
      nombreMises: number
    }

/** What accepting bids needs besides the lock, read before the transaction ({@link loadBidSetup}). */
export type BidSetup = {
  /** The soft-close window, minutes (`enchere_prolongation_minutes`). */
  softCloseMinutes: number
  /** The increment table (setting `enchere_paliers`, issue #10 §3). */
  increments: BidIncrementStep[]
  /** Who gets the notice of each accepted bid (the contact address), null when nobody. */
  artistEmail: string | null
  context: AuctionEmailContext
}

/**
 * Reads what {@link acceptBidsLocked} needs for an auction: the soft-close setting, the artist's
 * address and the e-mails' context, through the site data cache (cleared by every back-office
 * write), so a bid costs no query for them. Call it before opening the transaction.
 *
 * @returns null when the auction does not exist.
 */
export async function loadBidSetup(enchereId: string): Promise<BidSetup | null> {
  const [context, settings, artistEmail] = await Promise.all([
    cachedSiteData(`auction-email-context:${enchereId}`, () => loadAuctionEmailContext(enchereId)),
    getSiteSettings(),
    cachedSiteData('contact-recipient', findContactRecipient),
  ])
  if (!context) return null
  return {
    softCloseMinutes: parseSoftCloseMinutes(settings[SOFT_CLOSE_SETTING_KEY]),
    increments: bidIncrementsOf(settings),
    artistEmail,
    context,
  }
}

const bidIncrementsOf = (settings: Record<string, string>) =>
  readBidIncrements(settings[BID_INCREMENTS_SETTING_KEY])

/**
 * The increment table of the site's settings (setting `enchere_paliers`, issue #10 §3), through
 * the site data cache (cleared by every back-office write).
 *
 * @returns the brackets, cents ({@link readBidIncrements}: the default table when unset).
 */
export async function loadBidIncrements(): Promise<BidIncrementStep[]> {
  return bidIncrementsOf(await getSiteSettings())
}

/**
 * Accepts bids, in order, on an auction locked by {@link lockAuction} (issue #4 §4, issue #10 §2),
 * or says why not, each as if alone: the auction must take bids at the candidate's `now`
 * ({@link bidWindow}) and the amount must reach the minimum left by the candidates before it —
 * the price + its increment, the start price before any bid ({@link minimumBidCents}, issue #10 §3;
 * an equal later bid loses: the earlier one wins). In the caller's transaction, in a
 * few statements whatever the number of candidates: the accepted bids are stored (or the pending
 * ones flagged) with email_valide = true and cree_le = their `now`; prix_actuel becomes the last
 * accepted amount and the soft close moves the end ({@link softCloseExtension}); the artist's
 * notice of each bid and the previous leader's outbid notice are queued; the other instances are
 * told ({@link notifyAuctionEvents}). `auction` is updated in place.
 *
 * @returns one outcome per candidate, in order, and the events to deliver locally after the commit
 *   ({@link deliverAuctionEvents}).
 * @throws the database error (the caller's transaction rolls back), or when a pending bid was
 *   already settled.
 */
export async function acceptBidsLocked(
  tx: Transaction,
  auction: LockedAuction,
  candidates: BidCandidate[],
  setup: BidSetup,
): Promise<{ outcomes: AcceptOutcome[]; events: AuctionEvent[] }> {
  const outcomes: AcceptOutcome[] = []
  const inserted: Array<typeof mises.$inferInsert> = []
  const validated: Array<{ miseId: string; now: Date }> = []
  const emails: OutgoingEmail[] = []
  const events: AuctionEvent[] = []
  let changed: Partial<typeof encheres.$inferInsert> | null = null
  for (const candidate of candidates) {
    const { now } = candidate
    const window = bidWindow(auction, now)
    const refusal = { prixActuel: auction.prix_actuel, nombreMises: auction.nombreMises }
    if (window !== 'open') {
      outcomes.push({ accepted: false, reason: window, ...refusal })
      continue
    }
    if (candidate.amountCents < minimumBidCents(lockedPrice(auction), setup.increments)) {
      outcomes.push({ accepted: false, reason: 'too-low', ...refusal })
      continue
    }
    const montant = centsToAmount(candidate.amountCents)
    const miseId = candidate.miseId ?? randomUUID()
    if (candidate.miseId) validated.push({ miseId: candidate.miseId, now })
    else {
      inserted.push({
        id: miseId,
        enchere_id: auction.id,
        participant_email: candidate.email,
        participant_nom: candidate.nom,
        participant_prenom: candidate.prenom,
        montant,
        email_valide: true,
        cree_le: now,
      })
    }
    const extension = softCloseExtension(auction, now, setup.softCloseMinutes)
    changed = { ...(changed ?? {}), prix_actuel: montant, ...(extension ?? {}) }
    if (extension) {
      auction.date_fin = extension.date_fin
      auction.date_fin_initiale = extension.date_fin_initiale
    }
    const previousLeaderEmail = auction.leaderEmail
    auction.prix_actuel = montant
    auction.nombreMises++
    auction.leaderEmail = candidate.email
    const outcome = {
      accepted: true,
      miseId,
      montant,
      creeLe: now,
      dateFin: auction.date_fin,
      nombreMises: auction.nombreMises,
      previousLeaderEmail,
    } as const
    outcomes.push(outcome)
    events.push(acceptedBidEvent(auction.id, outcome, candidate.prenom))
    if (setup.artistEmail) {
      const notice = await prepareBidNotificationEmail(setup.context, {
        ...candidate,
        amount: montant,
        placedAt: now,
      })
      emails.push({ ...notice, destinataire: setup.artistEmail })
    }
    if (previousLeaderEmail && previousLeaderEmail !== candidate.email) {
      emails.push({
        ...(await prepareOutbidEmail(setup.context, montant)),
        destinataire: previousLeaderEmail,
      })
    }
  }
  if (inserted.length > 0) await tx.insert(mises).values(inserted)
  for (const { miseId, now } of validated) {
    const [flagged] = await tx
      .update(mises)
      .set({ email_valide: true, cree_le: now })
      .where(and(eq(mises.id, miseId), eq(mises.email_valide, false)))
      .returning({ id: mises.id })
    if (!flagged) throw new Error("La mise n'a pas pu être enregistrée.")
  }
  if (changed) await tx.update(encheres).set(changed).where(eq(encheres.id, auction.id))
  await enqueueEmails(tx, emails)
  await notifyAuctionEvents(tx, events)
  return { outcomes, events }
}

/** A locked auction's price as the bid rules read it ({@link minimumBidCents}). */
export function lockedPrice(auction: Pick<LockedAuction, 'prix_actuel' | 'nombreMises'>) {
  return { prixCents: amountToCents(auction.prix_actuel), hasBids: auction.nombreMises > 0 }
}

/** The 'bid' event of an accepted bid: only the bidder's first name leaves the server. */
function acceptedBidEvent(
  enchereId: string,
  accepted: Extract<AcceptOutcome, { accepted: true }>,
  prenom: string,
): AuctionEvent {
  return {
    type: 'bid',
    enchereId,
    prixActuel: accepted.montant,
    nombreMises: accepted.nombreMises,
    dateFin: accepted.dateFin.toISOString(),
    mise: { id: accepted.miseId, prenom, montant: accepted.montant, creeLe: accepted.creeLe.toISOString() },
  }
}
