import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { encheres, mises, validationsEmail } from '#app/db/schema'
import { amountToCents } from '#app/lib/auction-rules'
import { withOutbox } from '#app/services/mail/outbox.server'
import { acceptBidsLocked, lockAuction } from './accept-bid.server'
import { deliverAuctionEvents } from './auction-events.server'
import { loadBidSetup } from './bid-setup.server'
import { bidderCredentialExpiry, issueBidderCredential, readPendingClaim } from './bidder-credential.server'
import { hashValidationToken, isValidationTokenShape } from './validation-token.server'

/**
 * Why a validation link failed, in French, by cause code (public spec §2 /validation-erreur: the
 * possible causes are an expired link — 24 hours maximum —, a link already used, an invalid link).
 * The URL carries the code (`/validation-erreur?cause=used`), never a text (issue #10 §1).
 */
export const VALIDATION_ERROR_MESSAGES = {
  expired: 'Ce lien de validation a expiré : il est valable 24 heures maximum.',
  used: 'Ce lien de validation a déjà été utilisé.',
  invalid: 'Ce lien de validation est invalide.',
} as const

export type ValidationErrorCause = keyof typeof VALIDATION_ERROR_MESSAGES

/** Whether a `cause` query parameter is one of {@link VALIDATION_ERROR_MESSAGES}' codes. */
export function isValidationErrorCause(value: unknown): value is ValidationErrorCause {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_ERROR_MESSAGES, value)
}

export type ValidateAuctionEmailResult =
  | {
      status: 'validated'
      email: string
      enchereId: string
      lienPrive: string
      /** Pending bids of this address and browser accepted now, and those refused (too low or too late by now). */
      accepted: number
      refused: number
      /** The browser's bidder credential for this auction and address (for its cookie), and when it lapses. */
      credential: string
      credentialExpiresAt: Date
    }
  | { status: 'expired' | 'used'; lienPrive: string }
  | { status: 'invalid' }

/**
 * The state of a validation link, read without consuming it (issue #10 §1: the link's page shows a
 * confirm button; a mail scanner's GET must change nothing).
 *
 * @param token - the raw `token` query parameter; `lienPrive` - the auction link of the URL.
 * @returns 'ready' (the address it would validate), 'expired' or 'used' (with the auction's link),
 *   or 'invalid' for a malformed, unknown or other auction's token.
 */
export async function peekValidationToken(
  token: unknown,
  lienPrive: string,
  now = new Date(),
): Promise<
  | { status: 'ready'; email: string }
  | { status: 'expired' | 'used'; lienPrive: string }
  | { status: 'invalid' }
> {
  const row = await findToken(token)
  if (!row || row.lien_prive !== lienPrive) return { status: 'invalid' }
  if (row.valide) return { status: 'used', lienPrive: row.lien_prive }
  if (row.expire_le.getTime() <= now.getTime()) return { status: 'expired', lienPrive: row.lien_prive }
  return { status: 'ready', email: row.email }
}

async function findToken(token: unknown) {
  if (typeof token !== 'string' || !isValidationTokenShape(token)) return undefined
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
    .where(eq(validationsEmail.token, hashValidationToken(token)))
    .limit(1)
  return row
}

/**
 * Consumes an e-mail validation link when its page's button is pressed (issue #4 §2, issue #10 §1;
 * public spec §4 "valid for 24 hours, single use", §7 valider_email_participant; DESIGN.md §5,
 * decision 009). In one transaction holding the auction's row lock:
 * the token is consumed atomically (`UPDATE validations_email SET valide = true, utilise_le = now
 * WHERE token = sha256(token) AND valide = false AND expire_le > now RETURNING`), which marks the
 * address valid for that auction; then the address's pending bids placed by THIS browser (their
 * ids in its signed pending claim) are accepted in the order they were placed, each re-checked against the price and the end of that moment by the same code as
 * {@link placeBid} (outbox e-mails and soft close included); those no longer above the price or
 * placed too late stay uncounted, and so do bids of this address placed by another browser (whoever
 * typed someone's address cannot have their bid accepted by its owner's click). After the commit,
 * open pages get a 'bid' event per accepted bid. The answer carries the browser's new credential.
 *
 * @param token - the raw `token` field of the confirm form.
 * @param options.lienPrive - the auction link of the URL; a token of another auction is 'invalid'.
 * @param options.pendingClaim - the browser's pending-claim cookie's value.
 * @param options.now - the server's clock (tests).
 * @returns 'validated' with the address and the auction's link; 'expired' or 'used' (with the
 *   auction's link); 'invalid' for a malformed or unknown token.
 * @throws the database error when the transaction fails.
 */
export async function validateAuctionEmail(
  token: unknown,
  options: { lienPrive?: string; now?: Date; pendingClaim?: string | null } = {},
): Promise<ValidateAuctionEmailResult> {
  const row = await findToken(token)
  if (!row || (options.lienPrive !== undefined && options.lienPrive !== row.lien_prive)) {
    return { status: 'invalid' }
  }
  const firstNow = options.now ?? new Date()
  const claimed = readPendingClaim(options.pendingClaim, row.enchere_id, firstNow)
  if (row.valide) return { status: 'used', lienPrive: row.lien_prive }
  if (row.expire_le.getTime() <= firstNow.getTime()) return { status: 'expired', lienPrive: row.lien_prive }

  const pendingOf = async (executor: Executor) =>
    claimed.length === 0
      ? []
      : executor
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
              inArray(mises.id, claimed),
            ),
          )
          .orderBy(asc(mises.cree_le), asc(mises.id))
  const setup = await loadBidSetup(row.enchere_id)
  if (!setup) return { status: 'invalid' }

  const result = await withOutbox(async (tx) => {
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

    const pending = await pendingOf(tx)
    const { outcomes, events } = await acceptBidsLocked(
      tx,
      locked,
      pending.map((bid) => ({
        miseId: bid.id,
        email: bid.participant_email,
        nom: bid.participant_nom,
        prenom: bid.participant_prenom,
        // The amount typed is the bidder's maximum (issue #36 §1): the site bids for them up to it.
        maxCents: amountToCents(bid.montant),
        now,
      })),
      setup,
    )
    const accepted = outcomes.filter((outcome) => outcome.accepted).length
    return {
      status: 'validated',
      accepted,
      refused: outcomes.length - accepted,
      events,
      expiresAt: bidderCredentialExpiry(locked),
    } as const
  })

  if (result.status !== 'validated') return result
  deliverAuctionEvents(result.events)
  return {
    status: 'validated',
    email: row.email,
    enchereId: row.enchere_id,
    lienPrive: row.lien_prive,
    accepted: result.accepted,
    refused: result.refused,
    credential: issueBidderCredential({
      enchereId: row.enchere_id,
      email: row.email,
      expiresAt: result.expiresAt,
    }),
    credentialExpiresAt: result.expiresAt,
  }
}
