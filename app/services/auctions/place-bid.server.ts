import { and, eq, gt } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { mises, validationsEmail } from '#app/db/schema'
import {
  amountToCents,
  BID_MESSAGES,
  type BidIncrementStep,
  bidRefusalMessage,
  bidWindow,
  centsToAmount,
  minimumBidCents,
  type PriceState,
  parseBidAmount,
} from '#app/lib/auction-rules'
import { bidFormSchema } from '#app/lib/bid-form-schema'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { withOutbox } from '#app/services/mail/outbox.server'
import { createRateLimit, type RateLimitResult } from '#app/services/rate-limit.server'
import { type AcceptOutcome, lockAuction, lockedPrice, type StoredBid } from './accept-bid.server'
import { prepareValidationEmail } from './auction-emails.server'
import { submitBid } from './bid-desk.server'
import { type BidSetup, loadBidIncrements, loadBidSetup } from './bid-setup.server'
import {
  issuePendingClaim,
  PENDING_CLAIM_TTL_MS,
  readBidderCredential,
  readPendingClaim,
} from './bidder-credential.server'
import { type BiddingState, readBiddingState } from './bidding-state.server'
import { consumeValidationEmailQuota } from './validation-email-limits.server'
import { createValidationToken, VALIDATION_TOKEN_TTL_MS } from './validation-token.server'

/** What the bid form sends; every field is checked here again (issue #4 §3, public spec §5). */
export type PlaceBidInput = {
  lienPrive: string
  prenom: unknown
  nom: unknown
  email: unknown
  telephone: unknown
  /** The bidder's maximum, euros as typed (issue #36 §1): the site bids for them up to it. */
  montant: unknown
  /**
   * The browser's bidder credential for this auction (the cookie's value, issue #10 §1): a bid
   * counts only when it proves that this browser confirmed the validation link of `email`.
   */
  credential?: string | null
  /** The browser's pending claim (the cookie's value): its bids still waiting for a validation. */
  pendingClaim?: string | null
}

export type PlaceBidResult =
  | {
      status: 'accepted'
      miseId: string
      /** The accepted bid, euros ('130.00'): the amount, or what the bidder's automatic bid reached. */
      montant: string
      /** The auction's price after the bid and the automatic bids it caused, euros. */
      prixActuel: string
      /** Whether the bidder leads once automatic bids have answered (issue #10 §3). */
      isLeading: boolean
      /** The auction's end after the bid (later than before when the soft close extended it). */
      dateFin: Date
      /** Validated bids of the auction after the bid and the automatic bids it caused. */
      nombreMises: number
      /** Every bid row the submission stored, in order (its own and automatic ones). */
      stored: StoredBid[]
      /** The auction as the desk left it for this bidder (see {@link afterDesk}), for its form. */
      state?: BiddingState
    }
  | {
      status: 'outbid'
      /** An earlier automatic bid's maximum equals this bid's: it answered, this bid stored nothing. */
      message: string
      prixActuel: string
      stored: StoredBid[]
      /** The auction as the desk left it for this bidder, for its form. */
      state?: BiddingState
    }
  /** The leader raised their maximum: nothing stored but the maximum, the price did not move (issue #36 §1). */
  | { status: 'raised'; prixActuel: string; maxCents: number; state?: BiddingState }
  | {
      status: 'pending-validation'
      message: string
      /** The browser's new pending claim (this bid added), for its cookie, and when it lapses. */
      pendingClaim: string
      pendingClaimExpiresAt: Date
    }
  | {
      status: 'refused'
      message: string
      fieldErrors?: Record<string, string[]>
      /**
       * The auction as read to refuse it, with the typed address's maximum, or as the desk left it
       * when the desk refused (nothing written either way): the form's answer is drawn from it,
       * with no second read. Absent for refusals decided before any read (the fields).
       */
      state?: BiddingState
    }
  | { status: 'not-found' }

/** A pending bid does not send a new validation e-mail when one was sent this recently, in ms. */
const VALIDATION_EMAIL_COOLDOWN_MS = 10 * 60 * 1000

const refused = (message: string, fieldErrors?: Record<string, string[]>): PlaceBidResult => ({
  status: 'refused',
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
})

const windowMessage = (reason: 'not-active' | 'not-started' | 'ended') =>
  reason === 'not-started' ? BID_MESSAGES.notStarted : BID_MESSAGES.ended

/** A refusal of the amount: its message beside the field too. */
const amountRefused = (message: string) => refused(message, { montant: [message] })
const tooLow = (amountCents: number, price: PriceState, steps: BidIncrementStep[]) =>
  amountRefused(bidRefusalMessage(amountCents, price, steps))

/**
 * The auction as the desk left it, for its bidder's form (price, bids made, leader, their maximum:
 * issue #36 §1): the read the bid was checked on, updated with the desk's `outcome` — no second
 * read. The bidder's own maximum rises with a bid the rules took (accepted, outbid, raised), never
 * with a refusal.
 */
function afterDesk(read: BiddingState, bid: ParsedBid, outcome: AcceptOutcome): BiddingState {
  const taken = outcome.accepted || outcome.reason === 'outbid' || outcome.reason === 'raised'
  return {
    ...read,
    date_fin: outcome.dateFin,
    prixCents: amountToCents(outcome.prixActuel),
    hasBids: outcome.nombreMises > 0,
    leaderEmail: outcome.leader?.email ?? null,
    leaderMaxCents: outcome.leader?.maxCents ?? null,
    bidderMaxCents: taken ? Math.max(read.bidderMaxCents ?? 0, bid.maxCents) : read.bidderMaxCents,
  }
}

/** A refusal decided on `state`, which it carries (see PlaceBidResult 'refused'). */
const refusedOn = (state: BiddingState, result: PlaceBidResult): PlaceBidResult =>
  result.status === 'refused' ? { ...result, state } : result

type ParsedBid = {
  prenom: string
  nom: string
  email: string
  /** The most the bidder would pay (the form's one amount, `montant`), cents. */
  maxCents: number
}

/**
 * Places a bid on the auction behind a private link (issue #4 §4, issue #10 §1, issue #34; public
 * spec §5 "Bid", §7 "Insert mises"; DESIGN.md §5–§6, decision 009). The fields are checked with
 * {@link bidFormSchema} (the phone is checked, never stored); the one amount is the bidder's
 * maximum, the site bidding for them up to it (eBay's rule, issue #36 §1). What is surely refused
 * — an unknown link, a bid before the start, a maximum under the minimum ({@link minimumBidCents}: the price +
 * the increment of `enchere_paliers`, or prix_depart before any bid) — is refused on the row as
 * {@link readBiddingState} reads it. Then:
 * - the browser holds a bidder credential for this very address ({@link readBidderCredential},
 *   an HMAC check, no query) → the bid goes to the bid desk ({@link submitBid}, decision 014),
 *   which decides it with the bids around it (window, increments, automatic bids, the leader
 *   raising their maximum without moving the price, soft close; the notices, the live events);
 * - otherwise, whatever the address's state, the same neutral answer: the bid is stored waiting
 *   (email_valide = false) under the auction's lock, its id goes into the browser's pending claim,
 *   and a validation e-mail (a new 24 h single-use token) is queued — at most one per address and
 *   auction every 10 minutes, within the per-IP and per-auction limits
 *   ({@link consumeValidationEmailQuota}). Once validated, it bids as a maximum too.
 *
 * @param input - the raw form values (amounts in euros, "125", "125,50") and the browser's cookies' values.
 * @param options.now - the server's clock (tests); default: the time the bid is decided.
 * @param options.clientIp - for the validation e-mail limit per IP.
 * @returns 'accepted' (amounts in euros, as '130.00'; `isLeading` false when an automatic bid
 *   answered it at once), 'outbid' (an earlier automatic bid's equal maximum answered, nothing of
 *   this bid stored), 'raised' (the leader's maximum raised, the price unchanged),
 *   'pending-validation' (French message and the new pending claim), 'refused'
 *   (French message per spec — e.g. `Votre mise doit être supérieure à 125€` — and the fields'
 *   errors), or 'not-found' when no active or finished auction has this link.
 * @throws the database error when the bid cannot be stored.
 */
export async function placeBid(
  input: PlaceBidInput,
  options: { now?: Date; clientIp?: string } = {},
): Promise<PlaceBidResult> {
  if (typeof input.lienPrive !== 'string' || !/^[A-Za-z0-9_-]{8,128}$/.test(input.lienPrive)) {
    return { status: 'not-found' }
  }
  const parsed = bidFormSchema.safeParse({
    prenom: input.prenom,
    nom: input.nom,
    email: input.email,
    telephone: input.telephone,
    montant: input.montant,
  })
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '')
      fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message]
    }
    return refused(parsed.error.issues[0]?.message ?? BID_MESSAGES.failure, fieldErrors)
  }
  const amount = parseBidAmount(parsed.data.montant)
  if (!amount.ok) return amountRefused(BID_MESSAGES.invalidAmount)
  const { prenom, nom, email } = parsed.data
  const bid: ParsedBid = { prenom, nom, email, maxCents: amount.cents }

  // Refuse on one read what is surely too low or early: prices only rise, so a minimum read a
  // moment ago is never above the real one. The typed address's maximum is read with it, for the
  // form that answers a refusal.
  const now = () => options.now ?? new Date()
  const [auction, steps] = await Promise.all([
    readBiddingState(input.lienPrive, bid.email),
    loadBidIncrements(),
  ])
  if (!auction || auction.statut === 'programme') return { status: 'not-found' }
  const window = bidWindow(auction, now())
  if (window === 'not-started') return refusedOn(auction, refused(BID_MESSAGES.notStarted))
  // A closed or past-end auction is answered under the lock (its end may have been extended).
  if (window === 'open' && bid.maxCents < minimumBidCents(auction, steps))
    return refusedOn(auction, tooLow(bid.maxCents, auction, steps))

  const credential = readBidderCredential(input.credential, auction.id, now())
  if (credential?.email !== bid.email) {
    const setup = await loadBidSetup(auction.id)
    if (!setup) return { status: 'not-found' }
    return placePendingBid(auction.id, setup, bid, input.pendingClaim, options)
  }

  const answer = await submitBid(auction.id, { ...bid, now: options.now })
  if (answer.status === 'not-found') return answer
  const { outcome } = answer
  const state = afterDesk(auction, bid, outcome)
  if (!outcome.accepted) {
    const { prixActuel, stored, reason } = outcome
    if (reason === 'outbid')
      return { status: 'outbid', message: BID_MESSAGES.outbidTie, prixActuel, stored, state }
    if (reason === 'raised') return { status: 'raised', prixActuel, maxCents: bid.maxCents, state }
    if (reason === 'too-low') return refusedOn(state, tooLow(bid.maxCents, state, steps))
    if (reason !== 'not-above-maximum') return refusedOn(state, refused(windowMessage(reason)))
    return refusedOn(state, amountRefused(BID_MESSAGES.maximumNotRaised))
  }
  const { miseId, montant, prixActuel, isLeading, dateFin, nombreMises, stored } = outcome
  return { status: 'accepted', miseId, montant, prixActuel, isLeading, dateFin, nombreMises, stored, state }
}

/**
 * The bid of a browser without a credential for its address (see {@link placeBid}): stored waiting,
 * added to the browser's pending claim, and a validation e-mail when the cooldown and the limits
 * allow. The answer is the same whether the address is validated elsewhere, unknown, in its
 * cooldown or over a limit; the e-mail is rendered in every case so the time does not tell either.
 */
async function placePendingBid(
  enchereId: string,
  { context, increments }: BidSetup,
  bid: ParsedBid,
  pendingClaim: string | null | undefined,
  options: { now?: Date; clientIp?: string },
): Promise<PlaceBidResult> {
  const token = createValidationToken()
  const validation = await prepareValidationEmail(context, token.token)
  const recentSince = (now: Date) => new Date(now.getTime() - VALIDATION_EMAIL_COOLDOWN_MS)
  const recentValidation = (executor: Executor, now: Date) =>
    executor
      .select({ id: validationsEmail.id })
      .from(validationsEmail)
      .where(
        and(
          eq(validationsEmail.enchere_id, enchereId),
          eq(validationsEmail.email, bid.email),
          gt(validationsEmail.cree_le, recentSince(now)),
        ),
      )
      .limit(1)
  // The limits are taken only when an e-mail would leave (not during the address's cooldown).
  const [recent] = await recentValidation(getDb(), options.now ?? new Date())
  const mayEmail = !recent && (await consumeValidationEmailQuota(options.clientIp ?? 'inconnue', enchereId))

  const result = await withOutbox(async (tx) => {
    const locked = await lockAuction(tx, enchereId)
    if (!locked) return { status: 'not-found' } as const
    const now = options.now ?? new Date()
    const window = bidWindow(locked, now)
    if (window !== 'open') return refused(windowMessage(window))
    const price = lockedPrice(locked)
    if (bid.maxCents < minimumBidCents(price, increments)) return tooLow(bid.maxCents, price, increments)
    const [stored] = await tx
      .insert(mises)
      .values({
        enchere_id: enchereId,
        participant_email: bid.email,
        participant_nom: bid.nom,
        participant_prenom: bid.prenom,
        // The maximum, waiting: once validated it bids by the increment up to it (decideBids).
        montant: centsToAmount(bid.maxCents),
        email_valide: false,
        cree_le: now,
      })
      .returning({ id: mises.id })
    if (!stored) throw new Error("La mise n'a pas pu être enregistrée.")
    // Checked again under the lock: two racing bids of one address send one e-mail.
    const sends = mayEmail && (await recentValidation(tx, now)).length === 0
    if (sends) {
      await tx.insert(validationsEmail).values({
        email: bid.email,
        token: token.hash,
        enchere_id: enchereId,
        expire_le: new Date(now.getTime() + VALIDATION_TOKEN_TTL_MS),
        cree_le: now,
      })
      await enqueueEmail(tx, { ...validation, destinataire: bid.email })
    }
    return { status: 'stored', miseId: stored.id, now, sends } as const
  })
  if (result.status !== 'stored') return result
  const expiresAt = new Date(result.now.getTime() + PENDING_CLAIM_TTL_MS)
  const miseIds = [...readPendingClaim(pendingClaim, enchereId, result.now), result.miseId]
  return {
    status: 'pending-validation',
    message: BID_MESSAGES.pending,
    pendingClaim: issuePendingClaim({ enchereId, miseIds, expiresAt }),
    pendingClaimExpiresAt: expiresAt,
  }
}

/** Per-IP limit on bids: 30 per minute (DESIGN.md §5 "Abuse"). */
const perIpLimit = createRateLimit({ keyPrefix: 'bid-ip', points: 30, durationSeconds: 60 })
/** Per-address limit on bids: 10 per minute. */
const perEmailLimit = createRateLimit({ keyPrefix: 'bid-email', points: 10, durationSeconds: 60 })

/**
 * Takes one attempt from the bid limits (DESIGN.md §5: per IP and per e-mail address): 30 bids per
 * minute per IP, 10 per minute per address (when the address is acceptable). For the bid action,
 * before {@link placeBid}; answer a refusal with {@link BID_MESSAGES}.tooManyRequests and 429.
 *
 * @param clientIp - as given by the server's load context.
 * @returns whether the bid may proceed and, if not, the wait in seconds.
 */
export async function consumeBidQuota(clientIp: string, email: unknown): Promise<RateLimitResult> {
  const byIp = await perIpLimit.consume(clientIp)
  if (!byIp.allowed) return byIp
  const parsed = bidFormSchema.shape.email.safeParse(email)
  return parsed.success ? perEmailLimit.consume(parsed.data) : byIp
}
