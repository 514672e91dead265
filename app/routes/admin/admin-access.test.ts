import { beforeEach, describe, expect, it } from 'vitest'
import { getAuth, resetAuthForTests } from '#app/auth.server'
import { resetRateLimitsForTests } from '#app/services/rate-limit.server'
import * as dashboard from './index'
import * as screen from './splat'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }

/** Creates an account with this role and returns the Cookie header of a signed-in session. */
async function signedInCookie(role: 'user' | 'admin'): Promise<string> {
  const email = `${role}@exemple.fr`
  await getAuth().api.createUser({ body: { email, password: 'un-mot-de-passe-long', name: role, role } })
  const response = await getAuth().api.signInEmail({
    body: { email, password: 'un-mot-de-passe-long' },
    asResponse: true,
  })
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** Runs a loader or action and returns its redirect location, or 'ok' / the status it answered. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    const result = await run()
    if (result instanceof Response) return result.headers.get('Location') ?? String(result.status)
    const init = (result as { init?: { status?: number } } | null)?.init
    return init?.status ? String(init.status) : 'ok'
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? String(thrown.status)
    throw thrown
  }
}

// Every admin route module and what each kind of visitor gets (DESIGN.md §5). A new admin route
// must be added here: the test below compares this table with the route files.
const ADMIN_ROUTES = [
  { name: 'dashboard loader', path: '/admin', run: dashboard.loader, admin: 'ok' },
  { name: 'dashboard sign-out action', path: '/admin', run: dashboard.action, method: 'POST', admin: '/' },
  { name: 'screen loader', path: '/admin/categories', run: screen.loader, admin: '404' },
  { name: 'screen action', path: '/admin/categories', run: screen.action, method: 'POST', admin: '404' },
] as const

beforeEach(async () => {
  resetAuthForTests()
  await resetRateLimitsForTests()
})

describe('admin routes are enforced on the server', () => {
  for (const route of ADMIN_ROUTES) {
    it(`${route.name}: visitor → /auth, user → /, admin → ${route.admin}`, async () => {
      const userCookie = await signedInCookie('user')
      const adminCookie = await signedInCookie('admin')
      const call = (cookie?: string) =>
        outcome(() =>
          route.run({
            request: new Request(`http://localhost:3000${route.path}`, {
              method: 'method' in route ? route.method : 'GET',
              headers: cookie ? { cookie } : {},
            }),
            params: {},
            context,
          } as never),
        )
      expect(await call()).toBe('/auth')
      expect(await call(userCookie)).toBe('/')
      expect(await call(adminCookie)).toBe(route.admin)
    })
  }

  it('lists every admin route module in the table', async () => {
    const { readdirSync } = await import('node:fs')
    const modules = readdirSync('app/routes/admin').filter((file) => file.endsWith('.tsx'))
    expect(modules.sort()).toEqual(['index.tsx', 'splat.tsx'])
  })
})
