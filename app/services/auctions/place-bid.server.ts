import { and, eq, gt, isNull } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { encheres, mises, validationsEmail } from '#app/db/schema'
import { wakeOutboxWorker } from '#app/jobs/outbox-worker.server'
import { findContactRecipient } from '#app/services/contact/send-contact-message.server'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { createRateLimit, type RateLimitResult } from '#app/services/rate-limit.server'
import {
  acceptBidLocked,
  isEmailValidated,
  lockAuction,
  publishAcceptedBid,
  readSoftCloseMinutes,
} from './accept-bid.server'
import {
  type AuctionEmailContext,
  loadAuctionEmailContext,
  type PreparedEmail,
  prepareBidNotificationEmail,
  prepareOutbidEmail,
  prepareValidationEmail,
} from './auction-emails.server'
import {
  amountToCents,
  BID_MESSAGES,
  bidFormSchema,
  bidTooLowMessage,
  bidWindow,
  centsToAmount,
  isAmountAbove,
  parseBidAmount,
} from './auction-rules'
import { createValidationToken, VALIDATION_TOKEN_TTL_MS } from './validation-token.server'

export {
  BID_MESSAGES,
  bidFormSchema,
  bidFormSchemaFor,
  bidInputMinimumCents,
  bidTooLowMessage,
  parseBidAmount,
} from './auction-rules'

/** What the bid form sends; every field is checked here again (issue #4 §3, public spec §5). */
export type PlaceBidInput = {
  lienPrive: string
  prenom: unknown
  nom: unknown
  email: unknown
  telephone: unknown
  montant: unknown
}

export type PlaceBidResult =
  | {
      status: 'accepted'
      miseId: string
      /** The accepted bid, euros ('130.00'). */
      montant: string
      /** The auction's price after the bid, euros (= montant). */
      prixActuel: string
      /** The auction's end after the bid (later than before when the soft close extended it). */
      dateFin: Date
      /** Validated bids of the auction, this one included. */
      nombreMises: number
    }
  | { status: 'pending-validation'; message: string }
  | { status: 'refused'; message: string; fieldErrors?: Record<string, string[]> }
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

/**
 * Places a bid on the auction behind a private link (issue #4 §4; public spec §5 "Bid", §7
 * "Insert mises"; DESIGN.md §5–§6). The fields are checked with {@link bidFormSchema} (the phone
 * is checked, never stored). Then, in ONE transaction holding the auction row's lock:
 * - the auction must be 'active' with date_debut ≤ now < date_fin (server clock), and the amount
 *   strictly above prix_actuel (the start price while there is no bid); an equal bid placed later
 *   is refused — the earlier one wins;
 * - address validated for this auction (validations_email.valide) → the bid is stored with
 *   email_valide = true, prix_actuel becomes the amount, the soft close may extend date_fin
 *   (setting `enchere_prolongation_minutes`, default 2, at most 30 min past the original end),
 *   and the outbox gets the artist's notice (send-bid-notification, to CONTACT_EMAIL or the
 *   oldest admin) and the previous leader's outbid notice (when another address led);
 * - otherwise the bid is stored pending (email_valide = false) and a validation e-mail is queued
 *   (a new 24 h single-use token, at most one per address and auction every 10 minutes); it is
 *   accepted, re-checked against the price of that moment, when the address is validated.
 * After the commit, open pages get a 'bid' event and the outbox worker is woken.
 * A quick read without lock refuses obviously late or low bids before any e-mail is rendered.
 *
 * @param input - the raw form values; amounts in euros ("125", "125,50").
 * @param options.now - the server's clock (tests); default: the time the lock is obtained.
 * @returns 'accepted' (amounts in euros, as '130.00'), 'pending-validation' (French message),
 *   'refused' (French message per spec — e.g. `Votre mise doit être supérieure à 125€` — and the
 *   fields' errors), or 'not-found' when no active or finished auction has this link.
 * @throws the database error when the bid cannot be stored.
 */
export async function placeBid(input: PlaceBidInput, options: { now?: Date } = {}): Promise<PlaceBidResult> {
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
  const bid = parsed.data
  const amount = parseBidAmount(bid.montant)
  if (!amount.ok) return refused(BID_MESSAGES.invalidAmount, { montant: [BID_MESSAGES.invalidAmount] })
  const montant = centsToAmount(amount.cents)

  // Quick read without the lock: refuse what is already late or too low, cheaply.
  const [auction] = await getDb()
    .select({
      id: encheres.id,
      statut: encheres.statut,
      date_debut: encheres.date_debut,
      date_fin: encheres.date_fin,
      prix_actuel: encheres.prix_actuel,
    })
    .from(encheres)
    .where(eq(encheres.lien_prive, input.lienPrive))
    .limit(1)
  if (!auction || auction.statut === 'programme') return { status: 'not-found' }
  const early = bidWindow(auction, options.now ?? new Date())
  if (early !== 'open') return refused(windowMessage(early))
  if (!isAmountAbove(amount.cents, amountToCents(auction.prix_actuel))) {
    const message = bidTooLowMessage(amountToCents(auction.prix_actuel))
    return refused(message, { montant: [message] })
  }

  const context = await loadAuctionEmailContext(auction.id)
  if (!context) return { status: 'not-found' }
  const softCloseMinutes = await readSoftCloseMinutes()
  const wasValidated = await isEmailValidated(getDb(), auction.id, bid.email)
  // The e-mails are rendered before taking the lock, which is then held for a few queries only.
  const artist = await findContactRecipient()
  const accepted = wasValidated ? await prepareAcceptedEmails(context, bid, montant) : undefined
  const token = createValidationToken()
  const validation = wasValidated
    ? undefined
    : await prepareValidationEmail(context, token.token, {
        prenom: bid.prenom,
        nom: bid.nom,
        amount: montant,
      })

  const result = await getDb().transaction(async (tx) => {
    const locked = await lockAuction(tx, auction.id)
    if (!locked) return { status: 'not-found' } as const
    const now = options.now ?? new Date()
    const isValidated = wasValidated || (await isEmailValidated(tx, auction.id, bid.email))

    if (!isValidated) {
      const window = bidWindow(locked, now)
      if (window !== 'open') return refused(windowMessage(window))
      if (!isAmountAbove(amount.cents, amountToCents(locked.prix_actuel))) {
        const message = bidTooLowMessage(amountToCents(locked.prix_actuel))
        return refused(message, { montant: [message] })
      }
      await tx.insert(mises).values({
        enchere_id: auction.id,
        participant_email: bid.email,
        participant_nom: bid.nom,
        participant_prenom: bid.prenom,
        montant,
        email_valide: false,
        cree_le: now,
      })
      const [recent] = await tx
        .select({ id: validationsEmail.id })
        .from(validationsEmail)
        .where(
          and(
            eq(validationsEmail.enchere_id, auction.id),
            eq(validationsEmail.email, bid.email),
            eq(validationsEmail.valide, false),
            isNull(validationsEmail.utilise_le),
            gt(validationsEmail.expire_le, now),
            gt(validationsEmail.cree_le, new Date(now.getTime() - VALIDATION_EMAIL_COOLDOWN_MS)),
          ),
        )
        .limit(1)
      if (!recent) {
        await tx.insert(validationsEmail).values({
          email: bid.email,
          token: token.hash,
          enchere_id: auction.id,
          expire_le: new Date(now.getTime() + VALIDATION_TOKEN_TTL_MS),
          cree_le: now,
        })
        const email =
          validation ??
          (await prepareValidationEmail(context, token.token, {
            prenom: bid.prenom,
            nom: bid.nom,
            amount: montant,
          }))
        await enqueueEmail(tx, { ...email, destinataire: bid.email })
      }
      return { status: 'pending-validation', message: BID_MESSAGES.pending } as const
    }

    const outcome = await acceptBidLocked(
      tx,
      locked,
      { email: bid.email, nom: bid.nom, prenom: bid.prenom, amountCents: amount.cents },
      now,
      softCloseMinutes,
    )
    if (!outcome.accepted) {
      if (outcome.reason !== 'too-low') return refused(windowMessage(outcome.reason))
      const message = bidTooLowMessage(amountToCents(outcome.prixActuel))
      return refused(message, { montant: [message] })
    }
    const emails = accepted ?? (await prepareAcceptedEmails(context, bid, montant))
    if (artist) await enqueueEmail(tx, { ...emails.notification, destinataire: artist })
    if (outcome.previousLeaderEmail && outcome.previousLeaderEmail !== bid.email) {
      await enqueueEmail(tx, { ...emails.outbid, destinataire: outcome.previousLeaderEmail })
    }
    return { status: 'committed', outcome } as const
  })

  if (result.status === 'committed') {
    await publishAcceptedBid(auction.id, result.outcome, bid.prenom)
    wakeOutboxWorker()
    const { outcome } = result
    return {
      status: 'accepted',
      miseId: outcome.miseId,
      montant: outcome.montant,
      prixActuel: outcome.montant,
      dateFin: outcome.dateFin,
      nombreMises: outcome.nombreMises,
    }
  }
  if (result.status === 'pending-validation') wakeOutboxWorker()
  return result
}

async function prepareAcceptedEmails(
  context: AuctionEmailContext,
  bid: { prenom: string; nom: string; email: string },
  montant: string,
): Promise<{ notification: PreparedEmail; outbid: PreparedEmail }> {
  const [notification, outbid] = await Promise.all([
    prepareBidNotificationEmail(context, { ...bid, amount: montant, placedAt: new Date() }),
    prepareOutbidEmail(context, montant),
  ])
  return { notification, outbid }
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
