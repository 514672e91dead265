import { and, asc, eq, gt } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { encheres, mises, validationsEmail } from '#app/db/schema'
import { wakeOutboxWorker } from '#app/jobs/outbox-worker.server'
import { findContactRecipient } from '#app/services/contact/send-contact-message.server'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import {
  type AcceptOutcome,
  acceptBidLocked,
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
} from './auction-emails.server'
import { amountToCents } from './auction-rules'
import { hashValidationToken, isValidationTokenShape } from './validation-token.server'

/**
 * Why a validation link failed, in French, for `/validation-erreur?error=…` (public spec §2: the
 * possible causes are an expired link — 24 hours maximum —, a link already used, an invalid link).
 */
export const VALIDATION_ERROR_MESSAGES = {
  expired: 'Ce lien de validation a expiré : il est valable 24 heures maximum.',
  used: 'Ce lien de validation a déjà été utilisé.',
  invalid: 'Ce lien de validation est invalide.',
} as const

export type ValidateAuctionEmailResult =
  | {
      status: 'validated'
      email: string
      enchereId: string
      lienPrive: string
      /** Pending bids of this address accepted now, and those refused (too low or too late by now). */
      accepted: number
      refused: number
    }
  | { status: 'expired' | 'used'; lienPrive: string }
  | { status: 'invalid' }

type PendingBid = {
  id: string
  participant_email: string
  participant_nom: string
  participant_prenom: string
  montant: string
}

async function prepareFor(context: AuctionEmailContext, bid: PendingBid) {
  const [notification, outbid] = await Promise.all([
    prepareBidNotificationEmail(context, {
      prenom: bid.participant_prenom,
      nom: bid.participant_nom,
      email: bid.participant_email,
      amount: bid.montant,
      placedAt: new Date(),
    }),
    prepareOutbidEmail(context, bid.montant),
  ])
  return { notification, outbid }
}

/**
 * Consumes an e-mail validation link (issue #4 §2; public spec §4 "valid for 24 hours, single use",
 * §7 valider_email_participant; DESIGN.md §5). In one transaction holding the auction's row lock:
 * the token is consumed atomically (`UPDATE validations_email SET valide = true, utilise_le = now
 * WHERE token = sha256(token) AND valide = false AND expire_le > now RETURNING`), which marks the
 * address valid for that auction; then the address's pending bids are accepted in the order they
 * were placed, each re-checked against the price and the end of that moment by the same code as
 * {@link placeBid} (outbox e-mails and soft close included); those no longer above the price or
 * placed too late stay uncounted. After the commit, open pages get a 'bid' event per accepted bid.
 *
 * @param token - the raw `token` query parameter of the link.
 * @param options.lienPrive - the auction link of the URL; a token of another auction is 'invalid'.
 * @param options.now - the server's clock (tests).
 * @returns 'validated' with the address and the auction's link; 'expired' or 'used' (with the
 *   auction's link); 'invalid' for a malformed or unknown token.
 * @throws the database error when the transaction fails.
 */
export async function validateAuctionEmail(
  token: unknown,
  options: { lienPrive?: string; now?: Date } = {},
): Promise<ValidateAuctionEmailResult> {
  if (typeof token !== 'string' || !isValidationTokenShape(token)) return { status: 'invalid' }
  const hash = hashValidationToken(token)
  const [row] = await getDb()
    .select({
      id: validationsEmail.id,
      email: validationsEmail.email,
      enchere_id: encheres.id,
      lien_prive: encheres.lien_prive,
      valide: validationsEmail.valide,
      expire_le: validationsEmail.expire_le,
    })
    .from(validationsEmail)
    .innerJoin(encheres, eq(encheres.id, validationsEmail.enchere_id))
    .where(eq(validationsEmail.token, hash))
    .limit(1)
  if (!row || (options.lienPrive !== undefined && options.lienPrive !== row.lien_prive)) {
    return { status: 'invalid' }
  }
  const firstNow = options.now ?? new Date()
  if (row.valide) return { status: 'used', lienPrive: row.lien_prive }
  if (row.expire_le.getTime() <= firstNow.getTime()) return { status: 'expired', lienPrive: row.lien_prive }

  const pendingOf = (executor: Executor) =>
    executor
      .select({
        id: mises.id,
        participant_email: mises.participant_email,
        participant_nom: mises.participant_nom,
        participant_prenom: mises.participant_prenom,
        montant: mises.montant,
      })
      .from(mises)
      .where(
        and(
          eq(mises.enchere_id, row.enchere_id),
          eq(mises.participant_email, row.email),
          eq(mises.email_valide, false),
        ),
      )
      .orderBy(asc(mises.cree_le), asc(mises.id))
  // E-mails are rendered before the lock is taken (see placeBid).
  const context = await loadAuctionEmailContext(row.enchere_id)
  if (!context) return { status: 'invalid' }
  const softCloseMinutes = await readSoftCloseMinutes()
  const artist = await findContactRecipient()
  const prepared = new Map<string, { notification: PreparedEmail; outbid: PreparedEmail }>()
  for (const bid of await pendingOf(getDb())) prepared.set(bid.id, await prepareFor(context, bid))

  const result = await getDb().transaction(async (tx) => {
    const locked = await lockAuction(tx, row.enchere_id)
    if (!locked) return { status: 'invalid' } as const
    const now = options.now ?? new Date()
    const [consumed] = await tx
      .update(validationsEmail)
      .set({ valide: true, utilise_le: now })
      .where(
        and(
          eq(validationsEmail.id, row.id),
          eq(validationsEmail.valide, false),
          gt(validationsEmail.expire_le, now),
        ),
      )
      .returning({ id: validationsEmail.id })
    if (!consumed) {
      const [again] = await tx
        .select({ valide: validationsEmail.valide })
        .from(validationsEmail)
        .where(eq(validationsEmail.id, row.id))
      return { status: again?.valide ? 'used' : 'expired', lienPrive: row.lien_prive } as const
    }

    const accepted: Array<{ outcome: Extract<AcceptOutcome, { accepted: true }>; prenom: string }> = []
    let refused = 0
    for (const bid of await pendingOf(tx)) {
      const outcome = await acceptBidLocked(
        tx,
        locked,
        {
          miseId: bid.id,
          email: bid.participant_email,
          nom: bid.participant_nom,
          prenom: bid.participant_prenom,
          amountCents: amountToCents(bid.montant),
        },
        now,
        softCloseMinutes,
      )
      if (!outcome.accepted) {
        refused++
        continue
      }
      const emails = prepared.get(bid.id) ?? (await prepareFor(context, bid))
      if (artist) await enqueueEmail(tx, { ...emails.notification, destinataire: artist })
      if (outcome.previousLeaderEmail && outcome.previousLeaderEmail !== bid.participant_email) {
        await enqueueEmail(tx, { ...emails.outbid, destinataire: outcome.previousLeaderEmail })
      }
      accepted.push({ outcome, prenom: bid.participant_prenom })
    }
    return { status: 'validated', accepted, refused } as const
  })

  if (result.status !== 'validated') return result
  for (const { outcome, prenom } of result.accepted) await publishAcceptedBid(row.enchere_id, outcome, prenom)
  if (result.accepted.length > 0) wakeOutboxWorker()
  return {
    status: 'validated',
    email: row.email,
    enchereId: row.enchere_id,
    lienPrive: row.lien_prive,
    accepted: result.accepted.length,
    refused: result.refused,
  }
}
