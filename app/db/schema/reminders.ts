import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { auctionOf } from './auctions'
import { createdAt, instant, uuidKey } from './columns'

/**
 * The ending-soon reminders of an auction (issue #10 §4), one row per validated bidder: written
 * with the 1-hour e-mail (insert … on conflict do nothing, so each address gets it once whatever
 * the number of schedule runs or instances). `jeton` is the SHA-256 (hex) of the link in that
 * e-mail by which the bidder asks for the 10-minute reminder (`dix_minutes`); the conditional
 * update that sets `dix_minutes_envoye_le` sends that one once.
 */
export const rappelsEnchere = pgTable(
  'rappels_enchere',
  {
    id: uuidKey(),
    enchere_id: auctionOf(),
    email: text('email').notNull(),
    jeton: text('jeton').notNull(),
    dix_minutes: boolean('dix_minutes').notNull().default(false),
    une_heure_envoye_le: instant('une_heure_envoye_le').notNull().defaultNow(),
    dix_minutes_envoye_le: instant('dix_minutes_envoye_le'),
  },
  (t) => [
    uniqueIndex('rappels_enchere_enchere_email_idx').on(t.enchere_id, t.email),
    uniqueIndex('rappels_enchere_jeton_idx').on(t.jeton),
  ],
)

/**
 * "Prévenez-moi de la prochaine enchère" (issue #10 §4): an address that asked to hear of the next
 * auction. Double opt-in: `jeton_confirmation` is the SHA-256 (hex) of the confirmation link's
 * token (valid until `confirmation_expire_le`); only rows with `confirme_le` receive auctions.
 * `jeton_desinscription` is the unsubscribe link's token, kept as is because every announcement
 * carries it (it can only unsubscribe this address). Unsubscribing deletes the row.
 */
export const abonnesProchaineEnchere = pgTable(
  'abonnes_prochaine_enchere',
  {
    id: uuidKey(),
    email: text('email').notNull(),
    jeton_confirmation: text('jeton_confirmation'),
    confirmation_expire_le: instant('confirmation_expire_le'),
    confirme_le: instant('confirme_le'),
    jeton_desinscription: text('jeton_desinscription').notNull(),
    cree_le: createdAt(),
  },
  (t) => [
    uniqueIndex('abonnes_prochaine_enchere_email_idx').on(t.email),
    uniqueIndex('abonnes_prochaine_enchere_confirmation_idx').on(t.jeton_confirmation),
    uniqueIndex('abonnes_prochaine_enchere_desinscription_idx').on(t.jeton_desinscription),
    index('abonnes_prochaine_enchere_confirmes_idx')
      .on(t.confirme_le)
      .where(sql`${t.confirme_le} is not null`),
    check('abonnes_prochaine_enchere_email_check', sql`position('@' in ${t.email}) > 1`),
  ],
)

/**
 * The announcement of an auction to a subscriber (issue #10 §4): one row per (auction, subscriber),
 * written with the e-mail in the same transaction (insert … on conflict do nothing), so each
 * subscriber gets each auction's link once.
 */
export const annoncesEnchere = pgTable(
  'annonces_enchere',
  {
    enchere_id: auctionOf(),
    abonne_id: uuid('abonne_id')
      .notNull()
      .references(() => abonnesProchaineEnchere.id, { onDelete: 'cascade' }),
    envoye_le: instant('envoye_le').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enchere_id, t.abonne_id] })],
)
