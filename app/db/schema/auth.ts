import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, instant } from './columns'

/** better-auth's `createdAt` and `updatedAt` (it sets both itself) of its session, account and verification rows. */
const authTimestamps = () => ({
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
})

/**
 * better-auth's tables, written by hand (DESIGN.md §2: its CLI is not in the registry here).
 * The spec's profile (profils: user_id, role, cree_le, nom, prenom, email) lives on `user`
 * (DESIGN.md §4): role comes from the admin plugin ('user' | 'admin').
 */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  nom: text('nom'),
  prenom: text('prenom'),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: instant('ban_expires'),
  createdAt: createdAt(),
  updatedAt: instant('modifie_le').notNull().defaultNow(),
  /** Start of the latest session (set on every sign-in; back-office spec §2 system information). */
  derniereConnexion: instant('derniere_connexion'),
  /** Start of the session before it: what the dashboard shows as 'Dernière connexion'. */
  connexionPrecedente: instant('connexion_precedente'),
  /** better-auth's `twoFactor` plugin: TOTP is on for this account (issue #37 §3). */
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
})

/** `user_id`: the account a row belongs to, deleted with it. */
const userOf = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' })

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: instant('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...authTimestamps(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userOf(),
    impersonatedBy: text('impersonated_by'),
    /**
     * Opened with a passkey (issue #37 §3, decision 043): a passkey with user verification is
     * itself two factors, so such a session meets the settings' second-factor requirement.
     */
    parCleAcces: boolean('par_cle_acces').notNull().default(false),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userOf(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...authTimestamps(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    ...authTimestamps(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
)
