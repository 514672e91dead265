import { redirect } from 'react-router'
import { type Auth, getAuth } from '#app/auth.server'
import { isSecondFactorRequired } from '#app/services/auth/two-factor.server'

type SignedInSession = Awaited<ReturnType<Auth['api']['getSession']>>

/** Session look-ups already made for a request: the admin layout and its screen guard the same one. */
const lookups = new WeakMap<Request, Promise<SignedInSession>>()

/**
 * The signed-in session of a request: `user` (id, email, role 'user' | 'admin', nom, prenom…) and
 * `session` (id, createdAt, expiresAt…), or null. Looked up once per Request object.
 */
export function getSignedInSession(request: Request): Promise<SignedInSession> {
  let lookup = lookups.get(request)
  if (!lookup) {
    lookup = getAuth().then((auth) => auth.api.getSession({ headers: request.headers }))
    lookups.set(request, lookup)
    lookup.catch(() => lookups.delete(request))
  }
  return lookup
}

/** The signed-in user of a request: id, email, role ('user' | 'admin'), or null. */
export async function getSessionUser(request: Request) {
  return (await getSignedInSession(request))?.user ?? null
}

/**
 * Guard for pages that need someone signed in (back-office spec §6).
 * @throws a redirect to /auth when nobody is signed in.
 */
export async function requireUser(request: Request) {
  const user = await getSessionUser(request)
  if (!user) throw redirect('/auth')
  return user
}

/** The administrator's account screen, where a second factor is set up (issue #37 §3). */
export const ACCOUNT_SECURITY_PATH = '/admin/profil'

/**
 * Whether a session meets the settings' second-factor requirement (issue #37 §3, decision 043):
 * its account has TOTP on (every password sign-in then asks a code), or the session itself was
 * opened with a passkey (user verification required: two factors in one).
 *
 * @param signedIn - a session as {@link getSignedInSession} gives it.
 */
export function hasSecondFactor(signedIn: NonNullable<SignedInSession>): boolean {
  return signedIn.user.twoFactorEnabled === true || signedIn.session.parCleAcces === true
}

/**
 * Guard for every /admin loader and action (DESIGN.md §5): visitors go to /auth, signed-in
 * non-admins to /. When the settings require a second factor of administrators (issue #37 §3),
 * an administrator whose session does not meet it ({@link hasSecondFactor}) goes to
 * {@link ACCOUNT_SECURITY_PATH}, the one screen left open (with its passkey step below it).
 * @returns the signed-in administrator.
 * @throws a redirect to /auth, / or /admin/profil.
 */
export async function requireAdmin(request: Request) {
  const signedIn = await getSignedInSession(request)
  if (!signedIn) throw redirect('/auth')
  const { user } = signedIn
  if (user.role !== 'admin') throw redirect('/')
  const path = new URL(request.url).pathname
  if (
    !hasSecondFactor(signedIn) &&
    path !== ACCOUNT_SECURITY_PATH &&
    !path.startsWith(`${ACCOUNT_SECURITY_PATH}/`) &&
    (await isSecondFactorRequired())
  )
    throw redirect(ACCOUNT_SECURITY_PATH)
  return user
}
