import { and, desc, eq, gt } from 'drizzle-orm'
import { type Database, getDb } from '#app/db/client.server'
import { encheres, validationsEmail } from '#app/db/schema'
import { normalizeBidderEmail } from '#app/lib/auction-rules'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { withOutbox } from '#app/services/mail/outbox.server'
import type { ProofOfWorkChallenge } from '#app/services/proof-of-work.server'
import { loadAuctionEmailContext, prepareAuctionLinkEmail } from './auction-emails.server'
import { checkLinkRequest } from './validation-email-limits.server'
import { createValidationToken, VALIDATION_TOKEN_TTL_MS } from './validation-token.server'

/** French answers of the private-auction access card (public spec §5 and §8, exact wording). */
export const AUCTION_LINK_MESSAGES = {
  invalidEmail: 'Veuillez saisir une adresse email valide',
  noActiveAuction: 'Aucune enchère active',
  sent: "Merci ! Vous recevrez le lien vers l'enchère privée dans quelques instants.",
  failure: 'Une erreur est survenue. Veuillez réessayer.',
  tooManyRequests: 'Trop de demandes. Veuillez réessayer dans quelques minutes.',
  /**
   * Issue #37 §1: asked with a proof-of-work challenge when a network or the auction is busy. The
   * card adds what to do where it shows it (app/components/home/auction-access-card.tsx): let the
   * verification end in the dialog, or turn JavaScript on for the page without it.
   */
  challenge: 'Beaucoup de demandes arrivent en ce moment\u00a0: une courte vérification est demandée.',
} as const

/**
 * The spec's rule (public spec §5: non-empty and containing '@'), tightened so the value is one
 * address: no spaces, separators or angle brackets, exactly one '@' with text on both sides.
 * The same rule as the bid form's ({@link normalizeBidderEmail}).
 *
 * @returns the trimmed, lower-cased address, or null when it is not acceptable.
 */
export function normalizeAuctionEmail(value: unknown): string | null {
  return normalizeBidderEmail(value)
}

export type AuctionLinkResult =
  | { status: 'sent'; auctionId: string }
  | { status: 'invalid-email' }
  | { status: 'no-active-auction' }
  /** Send again with this challenge solved (issue #37 §1). */
  | { status: 'challenge'; challenge: ProofOfWorkChallenge }
  /** This address asked too often: nothing sent; wait `retryAfterSeconds`. */
  | { status: 'too-many-requests'; retryAfterSeconds: number }

/**
 * Sends the private link of the current auction to a visitor (public spec §2 "Private-auction
 * access card", §5, §7 send-auction-link; issue #4 §1; DESIGN.md §5 and §7). The current auction
 * is the newest-created one with statut 'active' whose date_fin is still ahead. A validation token
 * is made on the server ({@link createValidationToken}: 256 random bits, stored SHA-256-hashed in
 * validations_email with expire_le = now + 24 h, single use) and the e-mail's button is
 * `{SITE_URL_RESOLVED}/enchere/{lien_prive}/valider?token=…`, which validates the address for this
 * auction and leads to it; the plain private link is in the e-mail too. The validation row and the
 * outbox e-mail are written in one transaction; the worker sends the e-mail later, so the answer
 * does not depend on delivery, nor on whether the address asked before; the worker is woken after
 * the commit. The limits are checked once the auction is known ({@link checkLinkRequest}, issue
 * #37 §1): a busy client address, network or auction asks for a proof-of-work challenge (unless
 * `input.proof` is a solved one), an address asking too often is refused; nothing is written then.
 *
 * @param input.email - the address typed by the visitor (trimmed and lower-cased here).
 * @param input.clientIp - as given by the server's load context (TRUST_PROXY applied).
 * @param input.proof - the form's proof-of-work field, if any.
 * @param options.now - the server's clock (tests), default now.
 * @returns 'sent' with the auction id, 'invalid-email', 'no-active-auction', 'challenge' with the
 *   challenge to solve, or 'too-many-requests' with the wait in seconds.
 * @throws the database or rendering error when the rows cannot be written.
 */
export async function requestAuctionLink(
  input: { email: unknown; clientIp: string; proof?: unknown },
  db: Database = getDb(),
  options: { now?: Date } = {},
): Promise<AuctionLinkResult> {
  const email = normalizeAuctionEmail(input.email)
  if (!email) return { status: 'invalid-email' }
  const now = options.now ?? new Date()

  const [auction] = await db
    .select({ id: encheres.id, date_fin: encheres.date_fin })
    .from(encheres)
    .where(and(eq(encheres.statut, 'active'), gt(encheres.date_fin, now)))
    .orderBy(desc(encheres.cree_le))
    .limit(1)
  if (!auction) return { status: 'no-active-auction' }
  const verdict = await checkLinkRequest({
    clientIp: input.clientIp,
    email,
    enchereId: auction.id,
    proof: input.proof,
  })
  if (verdict.status === 'challenge') return verdict
  if (verdict.status === 'refused') {
    return { status: 'too-many-requests', retryAfterSeconds: verdict.retryAfterSeconds }
  }
  const context = await loadAuctionEmailContext(auction.id)
  if (!context) return { status: 'no-active-auction' }

  const { token, hash } = createValidationToken()
  const prepared = await prepareAuctionLinkEmail(context, token, auction.date_fin)
  await withOutbox(async (tx) => {
    await tx.insert(validationsEmail).values({
      email,
      token: hash,
      enchere_id: auction.id,
      expire_le: new Date(now.getTime() + VALIDATION_TOKEN_TTL_MS),
    })
    await enqueueEmail(tx, { ...prepared, destinataire: email })
  }, db)
  return { status: 'sent', auctionId: auction.id }
}
