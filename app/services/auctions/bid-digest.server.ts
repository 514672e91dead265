import { and, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import { createElement } from 'react'
import { getDb, type Transaction } from '#app/db/client.server'
import { encheres, mises } from '#app/db/schema'
import { AuctionBidDigestEmail } from '#app/emails/auction-bid-digest-email'
import { renderEmail } from '#app/emails/render-email.server'
import { ARTIST_BID_EMAILS_SETTING_KEY, readArtistBidEmails } from '#app/lib/artist-bid-emails'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { findContactRecipient } from '#app/services/contact/send-contact-message.server'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { loadAuctionEmailContext, type PreparedEmail } from './auction-emails.server'

/** Time between two digests of one auction, in ms (issue #36 §6: hourly). */
export const BID_DIGEST_INTERVAL_MS = 3_600_000
/** Bids listed in one digest (newest first); the count covers them all. */
const DIGEST_LISTED_BIDS = 50

/** A digest ready to queue: the auction, the period it covers, the artist and the e-mail (null: no bid). */
export type DueBidDigest = {
  enchereId: string
  /** The marker as read (null: never sent), for the compare-and-set in {@link queueBidDigest}. */
  previous: Date | null
  until: Date
  artist: string
  email: PreparedEmail | null
}

/**
 * The hourly digest due now, if any (issue #36 §6), read and rendered before the auction
 * schedule's transaction: the artist chose 'Un résumé par heure' (`enchere_courriels_artiste`),
 * an artist address exists, and the active auction's last digest (`resume_mises_jusqu_a`, else its
 * start) is an hour old or more. The e-mail lists the validated bids since then (null when none:
 * the period is then only marked as told).
 *
 * @param now - the schedule's clock.
 * @returns the digest to queue, or null.
 */
export async function findDueBidDigest(now: Date): Promise<DueBidDigest | null> {
  if (readArtistBidEmails((await getSiteSettings())[ARTIST_BID_EMAILS_SETTING_KEY]) !== 'horaire') return null
  const dueBefore = new Date(now.getTime() - BID_DIGEST_INTERVAL_MS)
  const [auction] = await getDb()
    .select({
      id: encheres.id,
      previous: encheres.resume_mises_jusqu_a,
      date_debut: encheres.date_debut,
      prix_actuel: encheres.prix_actuel,
    })
    .from(encheres)
    .where(
      and(
        eq(encheres.statut, 'active'),
        or(
          lte(encheres.resume_mises_jusqu_a, dueBefore),
          and(isNull(encheres.resume_mises_jusqu_a), lte(encheres.date_debut, dueBefore)),
        ),
      ),
    )
    .limit(1)
  const artist = auction ? await findContactRecipient() : null
  if (!auction || !artist) return null
  const since = auction.previous ?? auction.date_debut
  const period = and(
    eq(mises.enchere_id, auction.id),
    eq(mises.email_valide, true),
    gt(mises.cree_le, since),
    lte(mises.cree_le, now),
  )
  const [total] = await getDb().select({ n: count() }).from(mises).where(period)
  const n = total?.n ?? 0
  const context = n > 0 ? await loadAuctionEmailContext(auction.id) : null
  let email: PreparedEmail | null = null
  if (context) {
    const bids = await getDb()
      .select({
        montant: mises.montant,
        prenom: mises.participant_prenom,
        nom: mises.participant_nom,
        email: mises.participant_email,
        cree_le: mises.cree_le,
        automatique: mises.automatique,
      })
      .from(mises)
      .where(period)
      .orderBy(desc(mises.cree_le), desc(mises.montant))
      .limit(DIGEST_LISTED_BIDS)
    const rendered = await renderEmail(
      createElement(AuctionBidDigestEmail, {
        siteTitle: context.siteTitle,
        auctionName: context.auctionName,
        artwork: context.artwork,
        since: formatDateTime(since, context.timeZone),
        count: n,
        price: formatPrice(auction.prix_actuel),
        adminUrl: context.adminUrl,
        bids: bids.map((bid) => ({
          placedAt: formatDateTime(bid.cree_le, context.timeZone),
          bidder: `${bid.prenom} ${bid.nom} <${bid.email}>`,
          amount: formatPrice(bid.montant),
          automatic: bid.automatique,
        })),
      }),
    )
    email = {
      modele: 'auction-bid-digest',
      sujet: `${n === 1 ? '1 nouvelle mise' : `${n} nouvelles mises`} sur « ${context.auctionName} »`,
      ...rendered,
      donnees: { enchere_id: auction.id, nombre: n, depuis: since.toISOString(), jusqu_a: now.toISOString() },
    }
  }
  return { enchereId: auction.id, previous: auction.previous, until: now, artist, email }
}

/**
 * Queues a digest found by {@link findDueBidDigest}, in the auction schedule's transaction: marks
 * the period told by a conditional update of `resume_mises_jusqu_a` (still the value read), and
 * queues the e-mail only with it — so each period is told once, whatever the runs and instances.
 *
 * @returns 1 when an e-mail was queued, else 0.
 */
export async function queueBidDigest(tx: Transaction, due: DueBidDigest): Promise<number> {
  const [marked] = await tx
    .update(encheres)
    .set({ resume_mises_jusqu_a: due.until })
    .where(
      and(
        eq(encheres.id, due.enchereId),
        eq(encheres.statut, 'active'),
        due.previous
          ? eq(encheres.resume_mises_jusqu_a, due.previous)
          : sql`${encheres.resume_mises_jusqu_a} is null`,
      ),
    )
    .returning({ id: encheres.id })
  if (!marked || !due.email) return 0
  await enqueueEmail(tx, { ...due.email, destinataire: due.artist })
  return 1
}
