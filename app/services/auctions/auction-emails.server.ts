import { and, eq, gt } from 'drizzle-orm'
import { createElement } from 'react'
import { getDb, type Transaction } from '#app/db/client.server'
import { encheres, oeuvres } from '#app/db/schema'
import type { AuctionArtwork } from '#app/emails/auction-artwork'
import { AuctionBidNotificationEmail } from '#app/emails/auction-bid-notification-email'
import {
  AuctionClosedArtistEmail,
  AuctionClosedBidderEmail,
  type ClosingCause,
} from '#app/emails/auction-closed-email'
import { AuctionEndingSoonEmail } from '#app/emails/auction-ending-soon-email'
import { AuctionLinkEmail } from '#app/emails/auction-link-email'
import { AuctionOutbidEmail } from '#app/emails/auction-outbid-email'
import { AuctionValidationEmail } from '#app/emails/auction-validation-email'
import { NextAuctionAnnouncementEmail } from '#app/emails/next-auction-email'
import { createEmailTemplate, type RenderedEmail, renderEmail } from '#app/emails/render-email.server'
import { getEnv } from '#app/env.server'
import { resolveAppearance } from '#app/lib/appearance'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { resolveImage } from '#app/media/resolve-images.server'
import type { OutgoingEmail } from '#app/services/mail/enqueue-email.server'
import type { BodyRenderer } from '#app/services/mail/send-pending-emails.server'
import { getMailTransport } from '#app/services/mail/transport.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'

/** Width of the artwork image in the e-mails, in px (the variant closest above it is used). */
const EMAIL_IMAGE_WIDTH = 640

/** What every auction e-mail shows: the site, the auction, its artwork and its links (absolute). */
export type AuctionEmailContext = {
  siteTitle: string
  timeZone: string
  enchereId: string
  auctionName: string
  lienPrive: string
  /** `{SITE_URL}/enchere/{lien_prive}`. */
  auctionUrl: string
  /** `{SITE_URL}/admin/encheres`. */
  adminUrl: string
  artwork: AuctionArtwork
}

/** An e-mail ready for the outbox except its recipient. */
export type PreparedEmail = Omit<OutgoingEmail, 'destinataire'>

function absolute(url: string): string {
  return /^https?:\/\//.test(url)
    ? url
    : `${getEnv().SITE_URL_RESOLVED}${url.startsWith('/') ? '' : '/'}${url}`
}

/** The WebP variant at least {@link EMAIL_IMAGE_WIDTH} wide (else the largest), as an absolute URL. */
async function emailImageUrl(url: string | null): Promise<string | null> {
  if (!url) return null
  const image = await resolveImage(url)
  const variants = (image?.webpSrcSet ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .filter((parts): parts is [string, string] => parts.length === 2)
    .map(([src, width]) => ({ src, width: Number.parseInt(width, 10) }))
    .sort((a, b) => a.width - b.width)
  const chosen = variants.find((variant) => variant.width >= EMAIL_IMAGE_WIDTH) ?? variants.at(-1)
  return absolute(chosen?.src ?? url)
}

/**
 * Loads what the auction e-mails need about one auction (issue #4 §5): site title, auction name,
 * absolute links, artwork name and image URL (a WebP variant about 640 px wide).
 *
 * Reads through `getDb()`: call it before opening a transaction (PGlite runs one at a time).
 *
 * @param enchereId - the auction's id.
 * @returns null when the auction does not exist.
 */
export async function loadAuctionEmailContext(enchereId: string): Promise<AuctionEmailContext | null> {
  const [row] = await getDb()
    .select({
      nom: encheres.nom,
      lien_prive: encheres.lien_prive,
      oeuvre_nom: oeuvres.nom,
      image1_url: oeuvres.image1_url,
    })
    .from(encheres)
    .leftJoin(oeuvres, eq(oeuvres.id, encheres.oeuvre_id))
    .where(eq(encheres.id, enchereId))
    .limit(1)
  if (!row) return null
  const env = getEnv()
  const { siteTitle } = resolveAppearance(await getSiteSettings())
  return {
    siteTitle,
    timeZone: env.SITE_TIMEZONE,
    enchereId,
    auctionName: row.nom,
    lienPrive: row.lien_prive,
    auctionUrl: `${env.SITE_URL_RESOLVED}/enchere/${encodeURIComponent(row.lien_prive)}`,
    adminUrl: `${env.SITE_URL_RESOLVED}/admin/encheres`,
    artwork: row.oeuvre_nom ? { nom: row.oeuvre_nom, imageUrl: await emailImageUrl(row.image1_url) } : null,
  }
}

/**
 * The end of the auction an e-mail is about, read in the caller's transaction, while the auction
 * is active — and, given `now`, not yet over; null otherwise (nothing is to be sent then).
 *
 * @param tx - the schedule's transaction.
 * @param enchereId - the auction's id.
 * @param now - the schedule's clock, when an auction past its end no longer counts.
 * @returns the auction's `date_fin`, or null.
 */
export async function activeAuctionEnd(tx: Transaction, enchereId: string, now?: Date): Promise<Date | null> {
  const [auction] = await tx
    .select({ date_fin: encheres.date_fin })
    .from(encheres)
    .where(
      and(
        eq(encheres.id, enchereId),
        eq(encheres.statut, 'active'),
        now ? gt(encheres.date_fin, now) : undefined,
      ),
    )
  return auction?.date_fin ?? null
}

/** `{SITE_URL}/enchere/{lien_prive}/valider?token=…`: opening it validates the address (issue #4 §2). */
export function validationUrl(context: AuctionEmailContext, token: string): string {
  return `${context.auctionUrl}/valider?token=${encodeURIComponent(token)}`
}

/**
 * The private-link e-mail (public spec §7 send-auction-link), whose button validates the address.
 * @param endsAt - the auction's current end.
 */
export async function prepareAuctionLinkEmail(
  context: AuctionEmailContext,
  token: string,
  endsAt: Date,
): Promise<PreparedEmail> {
  const link = validationUrl(context, token)
  const rendered = await renderEmail(
    createElement(AuctionLinkEmail, {
      siteTitle: context.siteTitle,
      auctionName: context.auctionName,
      artwork: context.artwork,
      validationLink: link,
      link: context.auctionUrl,
      endsAt: formatDateTime(endsAt, context.timeZone),
    }),
  )
  return {
    modele: 'auction-link',
    sujet: `Votre lien vers l'enchère privée « ${context.auctionName} »`,
    ...rendered,
    donnees: { enchere_id: context.enchereId, lien: context.auctionUrl, lien_validation: link },
  }
}

/** The e-mails' part that stays the same for every bid of an auction (the templates' key). */
const fixedOf = (context: AuctionEmailContext) => ({
  siteTitle: context.siteTitle,
  auctionName: context.auctionName,
  artwork: context.artwork,
})

const validationTemplate = createEmailTemplate(
  ['validationLink'],
  (fixed: ReturnType<typeof fixedOf>, slots) => createElement(AuctionValidationEmail, { ...fixed, ...slots }),
)

/**
 * The validation e-mail of a bid from a browser without a credential for its address (public spec
 * §7 send-validation-email; issue #10 §1). Anyone can type any address in the bid form, so the
 * e-mail carries nothing the bidder typed (no name, no amount): only the auction's own name and
 * artwork and the link. Rendered once per auction ({@link createEmailTemplate}).
 * @param token - the raw validation token for the link.
 */
export async function prepareValidationEmail(
  context: AuctionEmailContext,
  token: string,
): Promise<PreparedEmail> {
  const link = validationUrl(context, token)
  const rendered = await validationTemplate(fixedOf(context), { validationLink: link })
  return {
    modele: 'auction-validation',
    sujet: `Validez votre adresse pour l'enchère « ${context.auctionName} »`,
    ...rendered,
    donnees: { enchere_id: context.enchereId, lien_validation: link },
  }
}

const bidNotificationTemplate = createEmailTemplate(
  ['prenom', 'nom', 'email', 'amount', 'placedAt'],
  (fixed: ReturnType<typeof bidNotificationFixed>, slots) =>
    createElement(AuctionBidNotificationEmail, { ...fixed, ...slots }),
)
const bidNotificationFixed = (context: AuctionEmailContext) => ({
  ...fixedOf(context),
  adminUrl: context.adminUrl,
})

/**
 * The artist's notice of an accepted bid (public spec §7 send-bid-notification), queued without
 * its bodies: its outbox row holds the bid (`donnees`), and the sender fills the auction's
 * template when it sends it ({@link renderBidEmailBody}), so the bodies (about 20 kB) never cross
 * the bid's statement nor the database (decision 014).
 * @param bid.amount - euros as the database writes them; @param bid.placedAt - acceptance time.
 */
export function prepareBidNotificationEmail(
  context: AuctionEmailContext,
  bid: { prenom: string; nom: string; email: string; amount: string; placedAt: Date },
): PreparedEmail {
  return {
    modele: 'auction-bid-notification',
    sujet: `Nouvelle mise de ${formatPrice(bid.amount)} sur « ${context.auctionName} »`,
    html: '',
    texte: '',
    reponse_a: bid.email,
    donnees: {
      enchere_id: context.enchereId,
      participant_email: bid.email,
      participant_nom: bid.nom,
      participant_prenom: bid.prenom,
      montant: bid.amount,
      cree_le: bid.placedAt.toISOString(),
    },
  }
}

const outbidTemplate = createEmailTemplate(['amount'], (fixed: ReturnType<typeof outbidFixed>, slots) =>
  createElement(AuctionOutbidEmail, { ...fixed, ...slots }),
)
const outbidFixed = (context: AuctionEmailContext) => ({ ...fixedOf(context), link: context.auctionUrl })

/**
 * The previous leader's notice that they were outbid, queued without its bodies as
 * {@link prepareBidNotificationEmail}'s.
 * @param amount - the new price, euros ('130.00').
 */
export function prepareOutbidEmail(context: AuctionEmailContext, amount: string): PreparedEmail {
  return {
    modele: 'auction-outbid',
    sujet: `Votre mise sur « ${context.auctionName} » a été dépassée`,
    html: '',
    texte: '',
    donnees: { enchere_id: context.enchereId, montant: amount, lien: context.auctionUrl },
  }
}

/**
 * {@link loadAuctionEmailContext} through the site data cache (an entry per auction, cleared with
 * every back-office change): what a bid's desk and the outbox's sender read.
 */
export function cachedAuctionEmailContext(enchereId: string): Promise<AuctionEmailContext | null> {
  return cachedSiteData(`auction-email-context:${enchereId}`, () => loadAuctionEmailContext(enchereId))
}

/**
 * The bodies of a bid's e-mail queued without them ({@link prepareBidNotificationEmail},
 * {@link prepareOutbidEmail}): the auction's template (rendered once per auction) filled with the
 * row's `donnees`. The outbox's sender calls it when it sends the row (app/jobs/outbox-worker.server.ts).
 *
 * @param email - the outbox row's template name and data.
 * @returns the HTML and plain text, or null when `modele` is not one of these or the auction is gone.
 */
export async function renderBidEmailBody(email: Parameters<BodyRenderer>[0]): Promise<RenderedEmail | null> {
  const data = email.donnees ?? {}
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '')
  const enchereId = text('enchere_id')
  if (!enchereId || (email.modele !== 'auction-bid-notification' && email.modele !== 'auction-outbid'))
    return null
  const context = await cachedAuctionEmailContext(enchereId)
  if (!context) return null
  if (email.modele === 'auction-outbid')
    return outbidTemplate(outbidFixed(context), { amount: formatPrice(text('montant')) })
  return bidNotificationTemplate(bidNotificationFixed(context), {
    prenom: text('participant_prenom'),
    nom: text('participant_nom'),
    email: text('participant_email'),
    amount: formatPrice(text('montant')),
    placedAt: formatDateTime(new Date(text('cree_le')), context.timeZone),
  })
}

/**
 * Gets this process ready to queue and send an auction's bid e-mails (issue #10 §2: a process
 * started during a bidding war answers its first bids as fast as the next ones). Renders the
 * templates of the e-mails its bids queue — the validation e-mail, the artist's notice and the
 * outbid notice ({@link createEmailTemplate}) — so that its bids only fill them, and readies the
 * mail transport (the SMTP sender's thread). On a fresh process the first render costs about 45 ms
 * of a core (html-to-text compiling its converter, React's static render) and the thread about
 * 100 ms: the first bids would wait behind both. Costs three fills when already done.
 *
 * @param context - the auction's {@link loadAuctionEmailContext}.
 */
export async function prepareBidEmails(context: AuctionEmailContext): Promise<void> {
  getMailTransport().prepare()
  await Promise.all([
    validationTemplate(fixedOf(context), { validationLink: '' }),
    bidNotificationTemplate(bidNotificationFixed(context), {
      prenom: '',
      nom: '',
      email: '',
      amount: '',
      placedAt: '',
    }),
    outbidTemplate(outbidFixed(context), { amount: '' }),
  ])
}

/**
 * The closing e-mails (issue #4 §5, §7; issue #36 §1): one for the artist (the outcome and its
 * cause, final price, the best bidder) and, when there is a validated bid, one for the best bidder.
 *
 * @param outcome.cause - sold, ended early by the artist, reserve not met, or no bid.
 * @param outcome.finalPrice - euros as the database writes them (the current price at closing).
 * @returns the artist's e-mail and the bidder's (null without a bid), recipients still to add.
 */
export async function prepareClosingEmails(
  context: AuctionEmailContext,
  outcome: {
    cause: ClosingCause
    finalPrice: string
    winner: { prenom: string; nom: string; email: string } | null
  },
): Promise<{ artist: PreparedEmail; bidder: PreparedEmail | null }> {
  const sold = outcome.cause === 'sold'
  const common = {
    siteTitle: context.siteTitle,
    auctionName: context.auctionName,
    artwork: context.artwork,
    cause: outcome.cause,
    finalPrice: formatPrice(outcome.finalPrice),
  }
  const donnees = {
    enchere_id: context.enchereId,
    statut: sold ? 'termine_prix_atteint' : 'termine_prix_non_atteint',
    cause: outcome.cause,
    prix_final: outcome.finalPrice,
  }
  const unsoldBecause = {
    'ended-early': 'terminée avant sa fin, non vendue',
    'reserve-not-met': 'non vendue, prix de réserve non atteint',
    'no-bid': 'non vendue, aucune mise',
    sold: '',
  }[outcome.cause]
  const artist: PreparedEmail = {
    modele: 'auction-closed-artist',
    sujet: sold
      ? `Enchère « ${context.auctionName} » terminée : vendue ${common.finalPrice}`
      : `Enchère « ${context.auctionName} » ${unsoldBecause}`,
    ...(await renderEmail(
      createElement(AuctionClosedArtistEmail, {
        ...common,
        winner: outcome.winner,
        adminUrl: context.adminUrl,
      }),
    )),
    donnees,
  }
  if (!outcome.winner) return { artist, bidder: null }
  const bidder: PreparedEmail = {
    modele: 'auction-closed-bidder',
    sujet: sold
      ? `Vous avez remporté l'enchère « ${context.auctionName} »`
      : `L'enchère « ${context.auctionName} » est terminée`,
    ...(await renderEmail(
      createElement(AuctionClosedBidderEmail, { ...common, prenom: outcome.winner.prenom }),
    )),
    donnees,
  }
  return { artist, bidder }
}

/**
 * Time left before an auction's end, in French words for the ending-soon e-mails (issue #10 §4):
 * '1 heure' from 59.5 minutes, else 'N minutes' (at least 1).
 *
 * @param remainingMs - time left in ms.
 */
export function formatTimeLeft(remainingMs: number): string {
  const minutes = Math.max(1, Math.round(remainingMs / 60_000))
  if (minutes >= 60) return minutes >= 90 ? `${Math.round(minutes / 60)} heures` : '1 heure'
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

/** `{auction page}/rappel?jeton=…`: the 1-hour reminder's link asking for the 10-minute one. */
export function tenMinuteReminderUrl(context: AuctionEmailContext, token: string): string {
  return `${context.auctionUrl}/rappel?jeton=${encodeURIComponent(token)}`
}

const endingSoonTemplate = createEmailTemplate(
  ['tenMinutesLink'],
  (fixed: ReturnType<typeof fixedOf> & { link: string; timeLeft: string; endsAt: string }, slots) =>
    createElement(AuctionEndingSoonEmail, { ...fixed, ...slots }),
)

/**
 * An ending-soon reminder (issue #10 §4). With `tenMinutesToken` it is the 1-hour reminder,
 * rendered once per auction and end and filled with each bidder's link asking for the 10-minute
 * reminder ({@link createEmailTemplate}); without, the 10-minute reminder.
 *
 * @param timing.endsAt - the auction's real end (extensions included); `now` - the sending run's clock.
 * @param tenMinutesToken - the raw token of the bidder's 10-minute request link.
 */
export async function prepareEndingSoonEmail(
  context: AuctionEmailContext,
  timing: { endsAt: Date; now: Date },
  tenMinutesToken?: string,
): Promise<PreparedEmail> {
  const fixed = {
    ...fixedOf(context),
    link: context.auctionUrl,
    timeLeft: formatTimeLeft(timing.endsAt.getTime() - timing.now.getTime()),
    endsAt: formatDateTime(timing.endsAt, context.timeZone),
  }
  const rendered = tenMinutesToken
    ? await endingSoonTemplate(fixed, { tenMinutesLink: tenMinuteReminderUrl(context, tenMinutesToken) })
    : await renderEmail(createElement(AuctionEndingSoonEmail, fixed))
  return {
    modele: tenMinutesToken ? 'auction-ending-soon' : 'auction-ending-soon-10min',
    sujet: `L'enchère « ${context.auctionName} » se termine dans ${fixed.timeLeft}`,
    ...rendered,
    donnees: {
      enchere_id: context.enchereId,
      lien: context.auctionUrl,
      ...(tenMinutesToken ? { lien_rappel: tenMinuteReminderUrl(context, tenMinutesToken) } : {}),
    },
  }
}

/** `{SITE_URL}/prochaine-enchere/desinscription?jeton=…`: one-click unsubscribe (issue #10 §4). */
export function nextAuctionUnsubscribeUrl(token: string): string {
  return `${getEnv().SITE_URL_RESOLVED}/prochaine-enchere/desinscription?jeton=${encodeURIComponent(token)}`
}

const announcementTemplate = createEmailTemplate(
  ['unsubscribeLink'],
  (fixed: ReturnType<typeof fixedOf> & { link: string; endsAt: string }, slots) =>
    createElement(NextAuctionAnnouncementEmail, { ...fixed, ...slots }),
)

/**
 * The announcement of a new auction to a confirmed subscriber (issue #10 §4): its private link,
 * and a one-click unsubscribe as a link and as the `List-Unsubscribe` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` headers (RFC 8058). Rendered once per
 * auction, then filled with each subscriber's link.
 *
 * @param endsAt - the auction's end; `unsubscribeToken` - the subscriber's `jeton_desinscription`.
 */
export async function prepareNextAuctionAnnouncement(
  context: AuctionEmailContext,
  endsAt: Date,
  unsubscribeToken: string,
): Promise<PreparedEmail> {
  const unsubscribe = nextAuctionUnsubscribeUrl(unsubscribeToken)
  const rendered = await announcementTemplate(
    { ...fixedOf(context), link: context.auctionUrl, endsAt: formatDateTime(endsAt, context.timeZone) },
    { unsubscribeLink: unsubscribe },
  )
  return {
    modele: 'next-auction-announcement',
    sujet: `Nouvelle enchère privée : « ${context.auctionName} »`,
    ...rendered,
    entetes: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    donnees: { enchere_id: context.enchereId, lien: context.auctionUrl, lien_desinscription: unsubscribe },
  }
}
