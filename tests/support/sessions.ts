import { forgetAuth, getAuth } from '#app/auth.server'

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

/**
 * Test helper: creates an account with this role (once per e-mail) and returns the Cookie header
 * of a new signed-in session, to call loaders and actions as that person.
 *
 * @param role - 'user' or 'admin'.
 * @param email - the account's address (default `{role}@exemple.fr`).
 */
export async function signedInCookie(role: 'user' | 'admin', email = `${role}@exemple.fr`): Promise<string> {
  const password = TEST_PASSWORD
  const auth = await getAuth()
  const existing = await auth.api.signInEmail({ body: { email, password }, asResponse: true })
  const response = existing.ok
    ? existing
    : await (async () => {
        await auth.api.createUser({ body: { email, password, name: role, role } })
        return auth.api.signInEmail({ body: { email, password }, asResponse: true })
      })()
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
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
