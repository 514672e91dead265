import { redirect } from 'react-router'
import { getAuth } from '#app/auth.server'

/** The signed-in user of a request: id, email, role ('user' | 'admin'), or null. */
export async function getSessionUser(request: Request) {
  const session = await getAuth().api.getSession({ headers: request.headers })
  return session?.user ?? null
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
