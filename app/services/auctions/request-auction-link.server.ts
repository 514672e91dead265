import { and, desc, eq, gt, sql } from 'drizzle-orm'
import { createElement } from 'react'
import { type Database, getDb } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { AuctionLinkEmail } from '#app/emails/auction-link-email'
import { renderEmail } from '#app/emails/render-email.server'
import { getEnv } from '#app/env.server'
import { resolveAppearance } from '#app/lib/appearance'
import { formatDateTime } from '#app/lib/format'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { createRateLimit, type RateLimitResult } from '#app/services/rate-limit.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'

/** French answers of the private-auction access card (public spec §5 and §8, exact wording). */
export const AUCTION_LINK_MESSAGES = {
  invalidEmail: 'Veuillez saisir une adresse email valide',
  noActiveAuction: 'Aucune enchère active',
  sent: "Merci ! Vous recevrez le lien vers l'enchère privée dans quelques instants.",
  failure: 'Une erreur est survenue. Veuillez réessayer.',
  tooManyRequests: 'Trop de demandes. Veuillez réessayer dans quelques minutes.',
} as const

/** Longest accepted address (RFC 5321 path limit), in characters. */
const MAX_EMAIL_LENGTH = 254

/**
 * The spec's rule (public spec §5: non-empty and containing '@'), tightened so the value is one
 * address: no spaces, separators or angle brackets, exactly one '@' with text on both sides.
 *
 * @returns the trimmed address, or null when it is not acceptable.
 */
export function normalizeAuctionEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const email = value.trim()
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return null
  return /^[^\s@,;<>()"]+@[^\s@,;<>()"]+$/.test(email) ? email : null
}

export type AuctionLinkResult =
  | { status: 'sent'; auctionId: string }
  | { status: 'invalid-email' }
  | { status: 'no-active-auction' }

/**
 * Sends the private link of the current auction to a visitor (public spec §2 "Private-auction
 * access card", §5, §7 send-auction-link; DESIGN.md §7). The current auction is the newest-created
 * one with statut 'active' whose date_fin is still ahead. On success the e-mail — holding the
 * absolute link `{SITE_URL_RESOLVED}/enchere/{lien_prive}` — is written to the outbox in the same
 * transaction as the auction look-up; the worker sends it later, so the answer does not depend on
 * delivery. Nothing is written when the request is refused.
 *
 * @param input.email - the address typed by the visitor (trimmed here).
 * @returns 'sent' with the auction id, 'invalid-email' or 'no-active-auction'.
 * @throws the database or rendering error when the outbox row cannot be written.
 */
export async function requestAuctionLink(
  input: { email: unknown },
  db: Database = getDb(),
): Promise<AuctionLinkResult> {
  const email = normalizeAuctionEmail(input.email)
  if (!email) return { status: 'invalid-email' }
  const env = getEnv()
  const { siteTitle } = resolveAppearance(await getSiteSettings())

  return db.transaction(async (tx) => {
    const [auction] = await tx
      .select({
        id: encheres.id,
        nom: encheres.nom,
        lien_prive: encheres.lien_prive,
        date_fin: encheres.date_fin,
      })
      .from(encheres)
      .where(and(eq(encheres.statut, 'active'), gt(encheres.date_fin, sql`now()`)))
      .orderBy(desc(encheres.cree_le))
      .limit(1)
    if (!auction) return { status: 'no-active-auction' } as const

    const link = `${env.SITE_URL_RESOLVED}/enchere/${encodeURIComponent(auction.lien_prive)}`
    const rendered = await renderEmail(
      createElement(AuctionLinkEmail, {
        siteTitle,
        auctionName: auction.nom,
        link,
        endsAt: formatDateTime(auction.date_fin, env.SITE_TIMEZONE),
      }),
    )
    await enqueueEmail(tx, {
      modele: 'auction-link',
      destinataire: email,
      sujet: `Votre lien vers l'enchère privée « ${auction.nom} »`,
      ...rendered,
      donnees: { enchere_id: auction.id, lien: link },
    })
    return { status: 'sent', auctionId: auction.id } as const
  })
}

/** Per-IP limit on auction-link requests: 5 per 10 minutes (DESIGN.md §5 "Abuse"). */
const perIpLimit = createRateLimit({ keyPrefix: 'auction-link-ip', points: 5, durationSeconds: 600 })
/** Per-address limit, so nobody floods someone else's mailbox from many IPs: 3 per hour. */
const perEmailLimit = createRateLimit({ keyPrefix: 'auction-link-email', points: 3, durationSeconds: 3600 })

/**
 * Takes one attempt from the auction-link limits: always the client's IP, and the address when
 * it is valid (DESIGN.md §5: per IP and per e-mail address).
 *
 * @param clientIp - as given by the server's load context.
 * @returns whether the request may proceed and, if not, the wait in seconds.
 */
export async function consumeAuctionLinkQuota(clientIp: string, email: unknown): Promise<RateLimitResult> {
  const byIp = await perIpLimit.consume(clientIp)
  if (!byIp.allowed) return byIp
  const address = normalizeAuctionEmail(email)
  return address ? perEmailLimit.consume(address.toLowerCase()) : byIp
}
