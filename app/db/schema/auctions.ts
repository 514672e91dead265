import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, instant, updatedAt, uuidKey } from './columns'
import { oeuvres } from './content'

export const ENCHERE_STATUTS = [
  'programme',
  'active',
  'termine_prix_atteint',
  'termine_prix_non_atteint',
  'annulee',
] as const

/**
 * Private ephemeral auction (public spec §3–4, back-office spec §3–4, DESIGN.md §6).
 * At most one row may have statut 'active' (partial unique index).
 */
export const encheres = pgTable(
  'encheres',
  {
    id: uuidKey(),
    oeuvre_id: uuid('oeuvre_id').references(() => oeuvres.id, { onDelete: 'set null' }),
    nom: text('nom').notNull(),
    description: text('description'),
    prix_depart: numeric('prix_depart', { precision: 12, scale: 2 }).notNull(),
    prix_reserve: numeric('prix_reserve', { precision: 12, scale: 2 }),
    prix_actuel: numeric('prix_actuel', { precision: 12, scale: 2 }).notNull(),
    date_debut: instant('date_debut').notNull(),
    date_fin: instant('date_fin').notNull(),
    /**
     * The end planned before any soft-close extension (issue #4 §4): set by the first extension
     * (null until then); extensions never go past it + 30 minutes. See docs/decisions/004.
     */
    date_fin_initiale: instant('date_fin_initiale'),
    statut: text('statut', { enum: ENCHERE_STATUTS }).notNull().default('programme'),
    lien_prive: text('lien_prive').notNull(),
    cree_le: createdAt(),
    modifie_le: updatedAt(),
    /**
     * A new value from one sequence at every insert and update of the row (a trigger,
     * drizzle/0012; never the same twice): the bid desk writes a batch
     * decided from its memory only while the row still has the version it remembers (issue #34 §1).
     */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    check(
      'encheres_statut_check',
      sql`${t.statut} in ('programme', 'active', 'termine_prix_atteint', 'termine_prix_non_atteint', 'annulee')`,
    ),
    check('encheres_prix_depart_check', sql`${t.prix_depart} >= 1`),
    check('encheres_prix_reserve_check', sql`${t.prix_reserve} is null or ${t.prix_reserve} >= 1`),
    check('encheres_prix_actuel_check', sql`${t.prix_actuel} >= ${t.prix_depart}`),
    check('encheres_dates_check', sql`${t.date_fin} > ${t.date_debut}`),
    uniqueIndex('encheres_lien_prive_idx').on(t.lien_prive),
    uniqueIndex('encheres_une_seule_active_idx').on(t.statut).where(sql`${t.statut} = 'active'`),
    index('encheres_cree_le_idx').on(t.cree_le.desc()),
  ],
)

/** `enchere_id`: the auction a row belongs to, deleted with it. */
export const auctionOf = () =>
  uuid('enchere_id')
    .notNull()
    .references(() => encheres.id, { onDelete: 'cascade' })

/**
 * The columns of a bidder's row on an auction (a bid, an automatic bid's maximum): its id, the
 * auction (deleted with it), the bidder's address and names. Fresh builders at each call, one set
 * per table.
 */
export function bidderOnAuctionColumns() {
  return {
    id: uuidKey(),
    enchere_id: auctionOf(),
    participant_email: text('participant_email').notNull(),
    participant_nom: text('participant_nom').notNull(),
    participant_prenom: text('participant_prenom').notNull(),
  }
}

/** A bid on an auction; it counts only once its e-mail is validated (DESIGN.md §5). */
export const mises = pgTable(
  'mises',
  {
    ...bidderOnAuctionColumns(),
    montant: numeric('montant', { precision: 12, scale: 2 }).notNull(),
    email_valide: boolean('email_valide').notNull().default(false),
    cree_le: createdAt(),
    /** Placed by the site for a bidder's maximum (an automatic bid, issue #36 §6), not typed by them. */
    automatique: boolean('automatique').notNull().default(false),
  },
  (t) => [
    check('mises_montant_check', sql`${t.montant} > 0`),
    // In the order `order by montant desc` reads (nulls first): the leader and the history come
    // straight from the index (ordered nulls last, it made the planner sort every bid).
    index('mises_enchere_valides_idx')
      .on(t.enchere_id, t.montant.desc().nullsFirst())
      .where(sql`${t.email_valide}`),
  ],
)

/**
 * E-mail validation link for an auction: the token is made on the server and stored hashed
 * (SHA-256 hex in `token`), valid 24 h, single use (public spec §4, DESIGN.md §5).
 */
export const validationsEmail = pgTable(
  'validations_email',
  {
    id: uuidKey(),
    email: text('email').notNull(),
    token: text('token').notNull(),
    enchere_id: uuid('enchere_id').references(() => encheres.id, { onDelete: 'cascade' }),
    valide: boolean('valide').notNull().default(false),
    expire_le: instant('expire_le').notNull(),
    utilise_le: instant('utilise_le'),
    cree_le: createdAt(),
  },
  (t) => [
    uniqueIndex('validations_email_token_idx').on(t.token),
    index('validations_email_enchere_email_idx').on(t.enchere_id, t.email),
  ],
)
