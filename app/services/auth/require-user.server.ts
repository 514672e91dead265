import { redirect } from 'react-router'
import { getAuth } from '#app/auth.server'

/**
 * The signed-in session of a request: `user` (id, email, role 'user' | 'admin', nom, prenom…) and
 * `session` (id, createdAt, expiresAt…), or null.
 */
export async function getSignedInSession(request: Request) {
  return getAuth().api.getSession({ headers: request.headers })
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

/**
 * Guard for every /admin loader and action (DESIGN.md §5): visitors go to /auth, signed-in
 * non-admins to /.
 * @returns the signed-in administrator.
 * @throws a redirect to /auth or /.
 */
export async function requireAdmin(request: Request) {
  const user = await requireUser(request)
  if (user.role !== 'admin') throw redirect('/')
  return user
}

/**
 * Like {@link requireAdmin}, also returning the current session (the dashboard shows the previous
 * sign-in, which needs the current session's id and creation date).
 * @returns `{ user, session }` of the signed-in administrator.
 * @throws a redirect to /auth (visitor) or / (signed-in non-admin).
 */
export async function requireAdminSession(request: Request) {
  const signedIn = await getSignedInSession(request)
  if (!signedIn) throw redirect('/auth')
  if (signedIn.user.role !== 'admin') throw redirect('/')
  return signedIn
}
