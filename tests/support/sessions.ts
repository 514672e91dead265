import { getAuth } from '#app/auth.server'

/**
 * Test helper: creates an account with this role (once per e-mail) and returns the Cookie header
 * of a new signed-in session, to call loaders and actions as that person.
 *
 * @param role - 'user' or 'admin'.
 * @param email - the account's address (default `{role}@exemple.fr`).
 */
export async function signedInCookie(role: 'user' | 'admin', email = `${role}@exemple.fr`): Promise<string> {
  const password = 'un-mot-de-passe-long'
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
