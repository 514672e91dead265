import { sql } from 'drizzle-orm'
import { check, numeric, pgTable, uniqueIndex } from 'drizzle-orm/pg-core'
import { bidderOnAuctionColumns } from './auctions'
import { createdAt, instant } from './columns'

/**
 * The maximum a bidder left for automatic (proxy) bidding on an auction (issue #10 §3): the server
 * bids for them by the increment when they are outbid, up to `montant_max`, never shown to others.
 * One row per bidder's address and auction; a new maximum only ever raises it. The names are those
 * of the bid that left it, used for the automatic bids.
 */
export const misesMaximales = pgTable(
  'mises_maximales',
  {
    ...bidderOnAuctionColumns(),
    montant_max: numeric('montant_max', { precision: 12, scale: 2 }).notNull(),
    cree_le: createdAt(),
    modifie_le: instant('modifie_le').notNull().defaultNow(),
  },
  (t) => [
    check('mises_maximales_montant_check', sql`${t.montant_max} > 0`),
    uniqueIndex('mises_maximales_enchere_email_idx').on(t.enchere_id, t.participant_email),
  ],
)
