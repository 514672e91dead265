import { ARTIST_BID_EMAILS_SETTING_KEY, readArtistBidEmails } from '#app/lib/artist-bid-emails'
import {
  BID_INCREMENTS_SETTING_KEY,
  type BidIncrementStep,
  parseSoftCloseMinutes,
  readBidIncrements,
  SOFT_CLOSE_SETTING_KEY,
} from '#app/lib/auction-rules'
import { findContactRecipient } from '#app/services/contact/send-contact-message.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'
import { type AuctionEmailContext, cachedAuctionEmailContext } from './auction-emails.server'

/** What deciding bids needs besides the auction, read before any transaction ({@link loadBidSetup}). */
export type BidSetup = {
  /** The soft-close window, minutes (`enchere_prolongation_minutes`). */
  softCloseMinutes: number
  /** The increment table (setting `enchere_paliers`, issue #10 §3). */
  increments: BidIncrementStep[]
  /**
   * Who gets the notice of each accepted bid (the contact address); null when nobody, or when the
   * artist chose the hourly digest or the end only (setting `enchere_courriels_artiste`, issue #36 §6).
   */
  artistEmail: string | null
  context: AuctionEmailContext
}

/**
 * Reads what deciding an auction's bids needs (decideBids, app/services/auctions/accept-bid.server.ts)
 * through the site data cache: the soft-close window, the increment table, the recipient of each
 * bid's notice and the e-mails' context.
 *
 * @returns null when the auction does not exist.
 */
export async function loadBidSetup(enchereId: string): Promise<BidSetup | null> {
  const [context, settings, artistEmail] = await Promise.all([
    cachedAuctionEmailContext(enchereId),
    getSiteSettings(),
    cachedSiteData('contact-recipient', findContactRecipient),
  ])
  if (!context) return null
  const eachBid = readArtistBidEmails(settings[ARTIST_BID_EMAILS_SETTING_KEY]) === 'chaque'
  return {
    softCloseMinutes: parseSoftCloseMinutes(settings[SOFT_CLOSE_SETTING_KEY]),
    increments: readBidIncrements(settings[BID_INCREMENTS_SETTING_KEY]),
    artistEmail: eachBid ? artistEmail : null,
    context,
  }
}

/** The increment table (setting `enchere_paliers`, issue #10 §3; the default when unset), cents. */
export async function loadBidIncrements(): Promise<BidIncrementStep[]> {
  return readBidIncrements((await getSiteSettings())[BID_INCREMENTS_SETTING_KEY])
}
