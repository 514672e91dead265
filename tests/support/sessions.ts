import { eq } from 'drizzle-orm'
import { forgetAuth, getAuth } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { account, session, siteSettings, user } from '#app/db/schema'
import { TWO_FACTOR_REQUIRED_SETTING_KEY } from '#app/lib/admin/settings-schema'

/** The password of every test account. */
export const TEST_PASSWORD = 'un-mot-de-passe-long'

/** Test helper: a fresh sign-in state, a new better-auth instance (rate-limit counts are reset before each test by tests/setup/setup-file.ts). */
export async function resetSignIn(): Promise<void> {
  forgetAuth()
}

/**
 * Test helper for the sign-in, password-reset and callback flows: a fresh sign-in state
 * ({@link resetSignIn}) and one administrator account, Claire, created through better-auth.
 *
 * @param account.email - the account's address (default 'claire@exemple.fr').
 * @param account.password - its password (default {@link TEST_PASSWORD}).
 * @param account.name - its name (default 'Claire').
 */
export async function withAdminAccount(
  account: { email?: string; password?: string; name?: string } = {},
): Promise<void> {
  await resetSignIn()
  const { email = 'claire@exemple.fr', password = TEST_PASSWORD, name = 'Claire' } = account
  await (await getAuth()).api.createUser({ body: { email, password, name, role: 'admin' } })
}

/** A first real sign-in's rows, as better-auth left them, and the cookie it gave. */
type KeptSignIn = {
  secret: string
  rows: {
    user: typeof user.$inferSelect
    accounts: Array<typeof account.$inferSelect>
    session: typeof session.$inferSelect
  }
  cookie: string
}
/** By role and address: restored after each test's truncation instead of signing in again. */
const keptSignIns = new Map<string, KeptSignIn>()

/**
 * Test helper: creates an account with this role (once per e-mail) and returns the Cookie header
 * of a signed-in session, to call loaders and actions as that person.
 *
 * The first call for an account signs in through better-auth (creation and sign-in: two scrypt
 * derivations, most of a second here). The rows that sign-in stored (user, account, session) are
 * kept, and a later call that no longer finds the account — the tables are emptied before each
 * test — writes them back and returns the same cookie, which better-auth accepts as it did: the
 * session is the one it created, under the same secret. A call that finds the account signs in
 * again (a new session).
 *
 * @param role - 'user' or 'admin'.
 * @param email - the account's address (default `{role}@exemple.fr`).
 */
export async function signedInCookie(role: 'user' | 'admin', email = `${role}@exemple.fr`): Promise<string> {
  const password = TEST_PASSWORD
  const auth = await getAuth()
  const db = getDb()
  const key = `${role} ${email}`
  const kept = keptSignIns.get(key)
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email))
  // Restored only where it is still the same sign-in: same secret, and a session that started
  // before now and ends more than a day after it (a test may move the clock).
  const now = Date.now()
  const restorable =
    kept?.secret === auth.options.secret &&
    kept.rows.session.createdAt.getTime() <= now &&
    kept.rows.session.expiresAt.getTime() > now + 86_400_000
  if (kept && restorable && !existing) {
    await db.transaction(async (tx) => {
      await tx.insert(user).values(kept.rows.user)
      await tx.insert(account).values(kept.rows.accounts)
      await tx.insert(session).values(kept.rows.session)
    })
    return kept.cookie
  }
  if (!existing) await auth.api.createUser({ body: { email, password, name: role, role } })
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true })
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')
  if (!existing) {
    const [created] = await db.select().from(user).where(eq(user.email, email))
    if (created) {
      const accounts = await db.select().from(account).where(eq(account.userId, created.id))
      const [signedIn] = await db.select().from(session).where(eq(session.userId, created.id))
      if (signedIn)
        keptSignIns.set(key, {
          secret: auth.options.secret,
          rows: { user: created, accounts, session: signedIn },
          cookie,
        })
    }
  }
  return cookie
}

/**
 * Test helper: a Request as a form post from a signed-in person.
 *
 * @param path - e.g. '/admin/categories'.
 * @param fields - form fields (strings or files); sent as multipart when a File is present.
 */
export function formRequest(path: string, fields: Record<string, string | Blob>, cookie?: string): Request {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.set(key, value)
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    body,
    headers: cookie ? { cookie } : {},
  })
}

/** Test helper: the site's settings require a second factor of administrators (issue #37 §3). */
export async function requireSecondFactorOfAdmins(): Promise<void> {
  await getDb()
    .insert(siteSettings)
    .values({ setting_key: TWO_FACTOR_REQUIRED_SETTING_KEY, setting_value: 'oui', setting_type: 'text' })
}
