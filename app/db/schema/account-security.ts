import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { user } from './auth'
import { createdAt, instant, uuidKey } from './columns'

/**
 * The back-office's audit log (issue #37 §3): one row per change made through a back-office
 * screen — who (the account, and its address as it was), when, what (the entity's table, the
 * row's id or key, the intent, the names of the fields sent: never their values). Written by
 * `adminAction` (app/http/admin-action.server.ts) after each successful intent, read on
 * /admin/journal, purged after a year (decision 043).
 */
export const journalAudit = pgTable(
  'journal_audit',
  {
    id: uuidKey(),
    cree_le: createdAt(),
    /** The author; null once the account is deleted (`email` still says who it was). */
    user_id: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The table the screen writes, e.g. 'oeuvres', 'site_settings'. */
    entite: text('entite').notNull(),
    /** The row's id (or a setting's key), when the change names one. */
    entite_id: text('entite_id'),
    /** The intent, e.g. 'create', 'update', 'delete', 'set-visibility', 'save'. */
    action: text('action').notNull(),
    /** Names of the fields the change sent, e.g. {nom, description}. */
    champs: text('champs').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('journal_audit_cree_le_idx').on(t.cree_le.desc(), t.id.desc()),
    index('journal_audit_user_idx').on(t.user_id, t.cree_le.desc()),
    index('journal_audit_entite_idx').on(t.entite, t.cree_le.desc()),
    index('journal_audit_entite_id_idx').on(t.entite_id, t.cree_le.desc()),
  ],
)

/**
 * The devices an account has signed in from (issue #37 §3: an e-mail on sign-in from a new
 * device): one row per account and device label (browser and system, e.g. « Firefox sur
 * Linux »). Sessions are deleted at sign-out, so they cannot tell a device seen before.
 */
export const appareilsConnus = pgTable(
  'appareils_connus',
  {
    id: uuidKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    appareil: text('appareil').notNull(),
    premiere_connexion: instant('premiere_connexion').notNull().defaultNow(),
    derniere_connexion: instant('derniere_connexion').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appareils_connus_user_appareil_idx').on(t.user_id, t.appareil)],
)

/** better-auth's `twoFactor` plugin table (TOTP secret and recovery codes, both encrypted by it). */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: instant('locked_until'),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId)],
)

/**
 * better-auth's `passkey` plugin table (`@better-auth/passkey`, issue #37 §3): the account's
 * passkeys — the name given at registration, the credential's id and public key (COSE, base64),
 * its signature counter — deleted with the account.
 */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: instant('created_at').defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [
    index('passkey_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('passkey_credential_id_idx').on(t.credentialID),
  ],
)
