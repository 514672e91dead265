import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, instant, uuidKey } from './columns'

export const EMAIL_STATUTS = ['en_attente', 'envoye', 'echec'] as const

/**
 * E-mail outbox (DESIGN.md §7): a row is written in the same transaction as the action that
 * causes the e-mail; the worker sends it with retries and exponential backoff. Its storage
 * settings, which drizzle-kit does not describe, are in drizzle/0008_outbox_narrow_rows.sql
 * (decision 032): the bodies live in the TOAST table, and only `id`, `statut` and
 * `prochaine_tentative_le` have planner statistics — a column a query starts filtering on needs
 * its statistics back.
 */
export const emailsSortants = pgTable(
  'emails_sortants',
  {
    id: uuidKey(),
    modele: text('modele').notNull(),
    destinataire: text('destinataire').notNull(),
    sujet: text('sujet').notNull(),
    html: text('html').notNull(),
    texte: text('texte').notNull(),
    reponse_a: text('reponse_a'),
    donnees: jsonb('donnees'),
    /** Extra headers of the message, e.g. List-Unsubscribe (issue #10 §4); null for none. */
    entetes: jsonb('entetes').$type<Record<string, string>>(),
    statut: text('statut', { enum: EMAIL_STATUTS }).notNull().default('en_attente'),
    tentatives: integer('tentatives').notNull().default(0),
    prochaine_tentative_le: instant('prochaine_tentative_le').notNull().defaultNow(),
    derniere_erreur: text('derniere_erreur'),
    envoye_le: instant('envoye_le'),
    cree_le: createdAt(),
  },
  (t) => [
    index('emails_sortants_a_envoyer_idx')
      .on(t.prochaine_tentative_le)
      .where(sql`${t.statut} = 'en_attente'`),
  ],
)
