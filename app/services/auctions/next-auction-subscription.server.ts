import { randomBytes } from 'node:crypto'
import { and, eq, gt, type SQL, sql } from 'drizzle-orm'
import { createElement } from 'react'
import { type Executor, getDb, queryRows, type Transaction } from '#app/db/client.server'
import { abonnesProchaineEnchere, annoncesEnchere } from '#app/db/schema'
import { NextAuctionConfirmEmail } from '#app/emails/next-auction-email'
import { renderEmail } from '#app/emails/render-email.server'
import { getEnv } from '#app/env.server'
import { resolveAppearance } from '#app/lib/appearance'
import { normalizeBidderEmail } from '#app/lib/auction-rules'
import { enqueueEmail, enqueueEmails } from '#app/services/mail/enqueue-email.server'
import { withOutbox } from '#app/services/mail/outbox.server'
import { createPersonLimits, type RateLimitResult } from '#app/services/rate-limit.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import {
  type AuctionEmailContext,
  activeAuctionEnd,
  prepareNextAuctionAnnouncement,
} from './auction-emails.server'
import {
  createValidationToken,
  hashValidationToken,
  isValidationTokenShape,
  VALIDATION_TOKEN_TTL_MS,
} from './validation-token.server'

/** The French answers of "Prévenez-moi de la prochaine enchère" (issue #10 §4). */
export const NEXT_AUCTION_MESSAGES = {
  invalidEmail: 'Veuillez saisir une adresse email valide',
  sent: 'Merci ! Confirmez votre inscription grâce au lien que nous venons de vous envoyer par email.',
  /** Issue #36 §6: an address already confirmed is told so, and nothing more is asked of it. */
  'already-subscribed':
    'Cette adresse est déjà inscrite : vous recevrez le lien de la prochaine enchère dès son ouverture. Rien d’autre à faire.',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
  tooManyRequests: 'Trop de demandes. Veuillez réessayer dans quelques minutes.',
} as const

/** `{SITE_URL}/prochaine-enchere/confirmer?jeton=…`: the double opt-in link. */
function confirmationUrl(token: string): string {
  return `${getEnv().SITE_URL_RESOLVED}/prochaine-enchere/confirmer?jeton=${encodeURIComponent(token)}`
}

export type NextAuctionSubscriptionResult = { status: 'sent' | 'already-subscribed' | 'invalid-email' }

/**
 * "Prévenez-moi de la prochaine enchère" (issue #10 §4): records an address and sends it the
 * confirmation e-mail of the double opt-in (through the outbox, in the same transaction). The
 * confirmation token is made as a validation token (256 random bits, stored SHA-256-hashed,
 * 24 h, single use); asking again before confirming replaces it. An address already confirmed
 * gets no e-mail and is told it is already subscribed (issue #36 §6: the answer is true; it says
 * only that the address is on the list, which the rate limits keep from being probed in bulk).
 * Rate limits are the caller's ({@link consumeNextAuctionQuota}).
 *
 * @param input.email - the typed address (trimmed, lower-cased here, the bid form's rule).
 * @param options.now - the server's clock (tests).
 * @returns 'sent', 'already-subscribed' (nothing written or sent), or 'invalid-email' (nothing written).
 * @throws the database or rendering error.
 */
export async function subscribeToNextAuction(
  input: { email: unknown },
  options: { now?: Date } = {},
): Promise<NextAuctionSubscriptionResult> {
  const email = normalizeBidderEmail(input.email)
  if (!email) return { status: 'invalid-email' }
  const now = options.now ?? new Date()
  const { token, hash } = createValidationToken()
  const { siteTitle } = resolveAppearance(await getSiteSettings())
  const rendered = await renderEmail(
    createElement(NextAuctionConfirmEmail, { siteTitle, confirmLink: confirmationUrl(token) }),
  )
  return withOutbox(async (tx): Promise<NextAuctionSubscriptionResult> => {
    const [row] = await tx
      .insert(abonnesProchaineEnchere)
      .values({
        email,
        jeton_confirmation: hash,
        confirmation_expire_le: new Date(now.getTime() + VALIDATION_TOKEN_TTL_MS),
        jeton_desinscription: randomBytes(32).toString('base64url'),
      })
      .onConflictDoUpdate({
        target: abonnesProchaineEnchere.email,
        set: {
          jeton_confirmation: hash,
          confirmation_expire_le: new Date(now.getTime() + VALIDATION_TOKEN_TTL_MS),
        },
        setWhere: sql`${abonnesProchaineEnchere.confirme_le} is null`,
      })
      .returning({ id: abonnesProchaineEnchere.id })
    if (!row) return { status: 'already-subscribed' }
    await enqueueEmail(tx, {
      modele: 'next-auction-confirm',
      destinataire: email,
      sujet: 'Confirmez votre inscription aux prochaines enchères',
      ...rendered,
      donnees: { lien_confirmation: confirmationUrl(token) },
    })
    return { status: 'sent' }
  })
}

/** What a confirmation or unsubscribe link finds: the address, or nothing usable. */
export type SubscriptionLinkState = { status: 'ready'; email: string } | { status: 'invalid' }

function tokenOf(token: unknown): string | null {
  return typeof token === 'string' && isValidationTokenShape(token) ? token : null
}

/** The subscriber of a confirmation token still valid at `now` (its hash stored, not expired). */
function pendingConfirmation(token: string, now: Date) {
  return and(
    eq(abonnesProchaineEnchere.jeton_confirmation, hashValidationToken(token)),
    gt(abonnesProchaineEnchere.confirmation_expire_le, now),
  )
}

/** A link's state from the subscriber it found: 'ready' with the address, else 'invalid'. */
function linkState(row: { email: string } | undefined): SubscriptionLinkState {
  return row ? { status: 'ready', email: row.email } : { status: 'invalid' }
}

/**
 * Reads a link without using it (mail scanners open links; the page's button posts): 'ready' with
 * the address of the subscriber its token finds, else 'invalid' (a malformed token reads nothing).
 */
async function peekLink(
  token: unknown,
  subscriberOf: (token: string) => SQL | undefined,
): Promise<SubscriptionLinkState> {
  const raw = tokenOf(token)
  if (!raw) return { status: 'invalid' }
  const [row] = await getDb()
    .select({ email: abonnesProchaineEnchere.email })
    .from(abonnesProchaineEnchere)
    .where(subscriberOf(raw))
  return linkState(row)
}

/**
 * Reads a confirmation link without using it (mail scanners open links; the page's button posts).
 *
 * @param token - the `jeton` query parameter, anything.
 * @returns 'ready' with the address, or 'invalid' (malformed, unknown, used or expired).
 */
export function peekNextAuctionConfirmation(
  token: unknown,
  options: { now?: Date } = {},
): Promise<SubscriptionLinkState> {
  return peekLink(token, (raw) => pendingConfirmation(raw, options.now ?? new Date()))
}

/**
 * Confirms a subscription (the POST of the confirmation page, issue #10 §4): one conditional
 * update, so the token works once; from now on the address receives each new auction's link.
 *
 * @returns 'ready' with the address once confirmed, or 'invalid' as {@link peekNextAuctionConfirmation}.
 */
export async function confirmNextAuctionSubscription(
  token: unknown,
  options: { now?: Date } = {},
): Promise<SubscriptionLinkState> {
  const raw = tokenOf(token)
  if (!raw) return { status: 'invalid' }
  const now = options.now ?? new Date()
  const [row] = await getDb()
    .update(abonnesProchaineEnchere)
    .set({ confirme_le: now, jeton_confirmation: null, confirmation_expire_le: null })
    .where(pendingConfirmation(raw, now))
    .returning({ email: abonnesProchaineEnchere.email })
  return linkState(row)
}

/**
 * Reads an unsubscribe link without using it.
 *
 * @returns 'ready' with the address, or 'invalid' (malformed, or unknown: already unsubscribed).
 */
export function peekNextAuctionUnsubscribe(token: unknown): Promise<SubscriptionLinkState> {
  return peekLink(token, (raw) => eq(abonnesProchaineEnchere.jeton_desinscription, raw))
}

/**
 * Unsubscribes (issue #10 §4): the page's button or a mail client's one-click POST (RFC 8058),
 * without signing in. The address is deleted with its announcements; a second call finds nothing.
 *
 * @returns 'unsubscribed' (a well-formed token, known or already used), or 'invalid' (malformed).
 */
export async function unsubscribeFromNextAuction(
  token: unknown,
): Promise<{ status: 'unsubscribed' | 'invalid' }> {
  const raw = tokenOf(token)
  if (!raw) return { status: 'invalid' }
  await getDb().delete(abonnesProchaineEnchere).where(eq(abonnesProchaineEnchere.jeton_desinscription, raw))
  return { status: 'unsubscribed' }
}

/**
 * Whether some confirmed subscriber has not yet been sent this auction's link: the schedule reads
 * it before its transaction, to load the e-mail context only when needed.
 */
export async function hasPendingAnnouncements(enchereId: string, db: Executor = getDb()): Promise<boolean> {
  const [row] = await queryRows<{ pending: boolean }>(
    db,
    sql`select exists (
      select 1 from ${abonnesProchaineEnchere} a
      where a.confirme_le is not null
        and not exists (select 1 from ${annoncesEnchere} n where n.enchere_id = ${enchereId} and n.abonne_id = a.id)
    ) as pending`,
  )
  return row?.pending === true
}

/**
 * Sends an active auction's private link to every confirmed subscriber not yet told (issue #10 §4),
 * in the caller's transaction (the schedule's, with the activation): one `annonces_enchere` row per
 * subscriber (insert … on conflict do nothing) and one outbox e-mail with it, so each subscriber
 * gets each auction once whatever the runs and instances. Each e-mail carries its one-click
 * unsubscribe ({@link prepareNextAuctionAnnouncement}).
 *
 * @param context - the auction's e-mail context, loaded before the transaction.
 * @returns how many e-mails were queued (0 when the auction is not active).
 */
export async function queueNextAuctionAnnouncements(
  tx: Transaction,
  context: AuctionEmailContext,
): Promise<number> {
  const endsAt = await activeAuctionEnd(tx, context.enchereId)
  if (!endsAt) return 0
  const recipients = await queryRows<{ email: string; jeton_desinscription: string }>(
    tx,
    sql`with sent as (
      insert into ${annoncesEnchere} (enchere_id, abonne_id)
      select ${context.enchereId}, id from ${abonnesProchaineEnchere} where confirme_le is not null
      on conflict do nothing
      returning abonne_id
    )
    select a.email, a.jeton_desinscription from sent join ${abonnesProchaineEnchere} a on a.id = sent.abonne_id`,
  )
  const emails = []
  for (const recipient of recipients) {
    const prepared = await prepareNextAuctionAnnouncement(context, endsAt, recipient.jeton_desinscription)
    emails.push({ ...prepared, destinataire: recipient.email })
  }
  await enqueueEmails(tx, emails)
  return emails.length
}

/**
 * The subscription's own limits (issue #36 §6, decision 040), apart from the link request's: 3 per
 * address from one client address in 10 minutes, 3 per address in an hour, and a looser ceiling
 * of 20 per client address in 10 minutes (a family, an office).
 */
const nextAuctionLimits = createPersonLimits({
  keyPrefix: 'next-auction',
  pair: { points: 3, durationSeconds: 600 },
  email: { points: 3, durationSeconds: 3600 },
  client: { points: 20, durationSeconds: 600 },
})

/**
 * Takes one attempt from the limits of "Prévenez-moi de la prochaine enchère"; an invalid address
 * takes nothing (the subscription refuses it and writes nothing).
 *
 * @param clientIp - as given by the server's load context (TRUST_PROXY applied).
 * @param email - the typed address, anything.
 * @returns whether the subscription may proceed and, if not, the wait in seconds.
 */
export async function consumeNextAuctionQuota(clientIp: string, email: unknown): Promise<RateLimitResult> {
  const address = normalizeBidderEmail(email)
  if (!address) return { allowed: true, retryAfterSeconds: 0 }
  return nextAuctionLimits.consume(clientIp, address)
}
