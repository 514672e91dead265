import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { account, passkey, session, twoFactor, user, verification } from '#app/db/schema'
import { type Env, getEnv } from '#app/env.server'
import { logger } from '#app/logger.server'
import { noteSignInDevice } from '#app/services/auth/note-sign-in-device.server'
import { verifyStoredPassword } from '#app/services/auth/original-password.server'
import { queuePasswordResetEmail } from '#app/services/auth/queue-password-reset-email.server'

/** Shortest accepted password, in characters (also ADMIN_PASSWORD's rule in env.server.ts). */
export const PASSWORD_MIN_LENGTH = 10
/** Longest accepted password, in characters (better-auth's default ceiling). */
export const PASSWORD_MAX_LENGTH = 128
/** How often a session's `updated_at` (« dernière activité » on the profile) is refreshed, in seconds. */
export const SESSION_UPDATE_AGE_SECONDS = 3600
/** Recovery codes made at TOTP enrolment (each works once). */
export const RECOVERY_CODE_COUNT = 10
/**
 * better-auth's path of a passkey sign-in (`verifyPasskeyAuthentication`): a session it opens is
 * marked `parCleAcces` (issue #37 §3, decision 043).
 */
export const PASSKEY_SIGN_IN_PATH = '/passkey/verify-authentication'

/**
 * The header better-auth reads a client's address from (stored with each session, shown as a
 * network on the profile). better-auth has no HTTP handler here: only our own calls reach it, and
 * they set this header from the address Express read under TRUST_PROXY ({@link withClientIp}).
 */
export const CLIENT_IP_HEADER = 'x-encre-client-ip'

/**
 * A copy of `headers` carrying the client's address for better-auth ({@link CLIENT_IP_HEADER}),
 * whatever the visitor sent under that name.
 *
 * @param headers - the request's headers (cookies, user agent), or the few a call needs.
 * @param clientIp - the client's address, as `context.clientIp` gives it.
 */
export function withClientIp(headers: HeadersInit, clientIp: string): Headers {
  const copy = new Headers(headers)
  copy.set(CLIENT_IP_HEADER, clientIp)
  return copy
}

/** Lifetime of a password-reset link, in seconds (1 hour). */
export const RESET_TOKEN_TTL_SECONDS = 3600

/**
 * The session-signing secret (DESIGN.md §5): BETTER_AUTH_SECRET, else one generated once into
 * `{DATA_DIR}/auth-secret` with mode 0600 and reused at every start.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET
  const file = path.join(env.DATA_DIR_ABS, 'auth-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(env.DATA_DIR_ABS, { recursive: true })
    const secret = crypto.randomBytes(32).toString('base64url')
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
      return secret
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
}

/**
 * Refuses a passkey ceremony the authenticator answered without verifying its user (PIN,
 * biometrics): such a key would be one factor only (decision 043).
 *
 * @throws better-auth's APIError 401, answered as a failed ceremony.
 */
async function requireUserVerified(userVerified: boolean | undefined): Promise<void> {
  if (userVerified) return
  const { APIError } = await import('better-auth/api')
  throw new APIError('UNAUTHORIZED', { message: 'User verification required' })
}

async function createAuth() {
  // Imported on first use, not at start-up: better-auth takes ~0.4 s to load, and the public
  // pages never need it (issue #8 §3: a restart serves within 2 s).
  const [
    { betterAuth },
    { drizzleAdapter },
    { admin, twoFactor: twoFactorPlugin },
    { passkey: passkeyPlugin },
  ] = await Promise.all([
    import('better-auth'),
    import('better-auth/adapters/drizzle'),
    import('better-auth/plugins'),
    import('@better-auth/passkey'),
  ])
  const env = getEnv()
  return betterAuth({
    appName: 'Encre',
    baseURL: env.SITE_URL_RESOLVED,
    trustedOrigins: [env.SITE_URL_RESOLVED],
    secret: resolveAuthSecret(env),
    database: drizzleAdapter(getDb(), {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor, passkey },
    }),
    // « Dernière activité » of the profile's sessions list is at most an hour old (issue #37 §3).
    // `parCleAcces`: the session was opened with a passkey (set by the hook below, never by input).
    session: {
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      additionalFields: {
        parCleAcces: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    // Public sign-up stays off (DESIGN.md §5): accounts come from ADMIN_EMAIL, the CLI or an admin.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      // A reset signs out every other device: whoever knew the old password loses access.
      revokeSessionsOnPasswordReset: true,
      // Accounts imported from the original site keep their bcrypt hash until their first sign-in
      // (issue #33 §4, decision 036); every hash Encre makes is better-auth's own scrypt.
      password: {
        hash: async (password) => (await import('better-auth/crypto')).hashPassword(password),
        verify: verifyStoredPassword,
      },
      // The e-mail goes through our outbox (DESIGN.md §7) with a link to /auth/callback (public
      // spec §7 "Authentication"), not to better-auth's own /reset-password endpoint.
      sendResetPassword: async ({ user: target, token }) => {
        await queuePasswordResetEmail({ email: target.email, token })
      },
    },
    // Reset tokens are stored hashed: a copy of the database does not hold usable links.
    verification: { storeIdentifier: 'hashed' },
    user: {
      additionalFields: {
        nom: { type: 'string', required: false },
        prenom: { type: 'string', required: false },
      },
    },
    // Session cookies (DESIGN.md §5): HttpOnly, SameSite=Lax, and Secure (with the __Secure- name
    // prefix) exactly when the site is served over https.
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.SITE_URL_RESOLVED.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    // better-auth's messages go to our structured log (silent in tests) instead of the console.
    logger: {
      log: (level, message, ...args) => logger[level]({ source: 'better-auth', details: args }, message),
    },
    // Every new session (sign-in, or the sign-in after a password reset) shifts the account's
    // latest sign-in into connexion_precedente, shown on the dashboard; sign-outs delete sessions,
    // so the sessions themselves cannot tell.
    databaseHooks: {
      session: {
        create: {
          // A passkey sign-in (user verification required, below) is two factors in one: its
          // session says so, and meets the settings' second-factor requirement (decision 043).
          before: async (created, context) =>
            context?.path === PASSKEY_SIGN_IN_PATH ? { data: { ...created, parCleAcces: true } } : undefined,
          after: async (created) => {
            await getDb()
              .update(user)
              .set({
                connexionPrecedente: sql`${user.derniereConnexion}`,
                derniereConnexion: created.createdAt,
              })
              .where(eq(user.id, created.userId))
            // A device never seen on this account: an e-mail to its address (issue #37 §3). A
            // failure there must not refuse the sign-in: it is logged.
            await noteSignInDevice({
              userId: created.userId,
              userAgent: created.userAgent,
              ipAddress: created.ipAddress,
              at: created.createdAt,
            }).catch((error: unknown) =>
              logger.error({ err: error }, 'Connexion depuis un nouvel appareil : e-mail impossible'),
            )
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      // TOTP with recovery codes (issue #37 §3, decision 043): enrolment is confirmed by a first
      // code; the secret and the codes are stored encrypted with the auth secret.
      twoFactorPlugin({
        issuer: 'Encre',
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT },
      }),
      // Passkeys (issue #37 §3, decision 043): the relying party is the site's public address
      // (SITE_URL), its host name the rpID; the ceremonies' answers are checked against that
      // origin, never the request's. Registration asks for a discoverable credential (sign-in
      // without typing the address) and both ceremonies for user verification (the device's PIN
      // or biometrics), refused without it ({@link requireUserVerified}).
      passkeyPlugin({
        rpID: new URL(env.SITE_URL_RESOLVED).hostname,
        rpName: 'Encre',
        origin: env.SITE_URL_RESOLVED,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        registration: {
          afterVerification: async ({ verification }) => {
            await requireUserVerified(verification.registrationInfo?.userVerified)
          },
        },
        authentication: {
          afterVerification: async ({ verification }) => {
            await requireUserVerified(verification.authenticationInfo.userVerified)
          },
        },
      }),
    ],
  })
}

export type Auth = Awaited<ReturnType<typeof createAuth>>
const holder = globalThis as typeof globalThis & { __encreAuth?: Promise<Auth> }

/**
 * The better-auth instance (e-mail + password, sessions in the database, admin plugin for roles),
 * created on first use after the database is open; the library itself is loaded then too.
 *
 * @returns the instance, the same one for every caller.
 * @throws what loading better-auth throws (the next call tries again).
 */
export function getAuth(): Promise<Auth> {
  holder.__encreAuth ??= createAuth().catch((error: unknown) => {
    holder.__encreAuth = undefined
    throw error
  })
  return holder.__encreAuth
}

/**
 * Forgets the instance, which holds the database and the configuration it was created with: called
 * when the database closes (`stopServices` of app/runtime.server.ts) and after the
 * configuration changed (tests); the next {@link getAuth} creates one on what is open then.
 */
export function forgetAuth(): void {
  holder.__encreAuth = undefined
}
