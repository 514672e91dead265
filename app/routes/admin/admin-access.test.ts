import { beforeEach, describe, expect, it } from 'vitest'
import { formRequest, resetSignIn, signedInCookie } from '#tests/support/sessions'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }

type RouteModule = {
  loader?: (args: never) => Promise<unknown>
  action?: ((args: never) => Promise<unknown>) & { intents?: ReadonlyArray<string> }
}

/** Every module under app/routes/admin, found on disk: a new file cannot escape the table below. */
const MODULES = import.meta.glob<RouteModule>(['./*.tsx'], { eager: true })

/** The four intents of a rowIntents screen, each refused (400) with an otherwise empty form. */
const CRUD = { create: '400', update: '400', delete: '400', 'set-visibility': '400' }

/**
 * The authorization table (DESIGN.md §5 "Permissions", issue #3 §2): every admin route module,
 * the URL it serves, what its loader answers an administrator ('ok' or a status), and every intent
 * of its action with what an administrator posting it with an otherwise empty form gets ('ok', a
 * status such as '400' for a French refusal, or a redirect location). Visitors must be sent to
 * /auth and signed-in non-admins to / by all of them.
 */
const ADMIN_ROUTES: ReadonlyArray<{
  file: string
  path: string
  loader: string | null
  intents: Record<string, string>
}> = [
  { file: 'layout.tsx', path: '/admin', loader: 'ok', intents: {} },
  { file: 'index.tsx', path: '/admin', loader: 'ok', intents: { 'sign-out': '/auth' } },
  { file: 'upload.tsx', path: '/admin/upload', loader: null, intents: { upload: '400' } },
  { file: 'splat.tsx', path: '/admin/inconnu', loader: '404', intents: {} },
  { file: 'categories.tsx', path: '/admin/categories', loader: 'ok', intents: CRUD },
  { file: 'artworks.tsx', path: '/admin/artworks', loader: 'ok', intents: CRUD },
  {
    file: 'articles.tsx',
    path: '/admin/articles',
    loader: 'ok',
    intents: { ...CRUD, 'restore-revision': '400', share: '400' },
  },
  { file: 'article-versions.tsx', path: '/admin/articles/x/versions', loader: 'ok', intents: {} },
  { file: 'pages.tsx', path: '/admin/pages', loader: 'ok', intents: { update: '400' } },
  { file: 'settings.tsx', path: '/admin/settings', loader: 'ok', intents: { save: '400' } },
  {
    file: 'messages.tsx',
    path: '/admin/messages',
    loader: 'ok',
    intents: { 'set-read': '400', archive: '400', delete: '400', bulk: '400' },
  },
  { file: 'users.tsx', path: '/admin/users', loader: 'ok', intents: { update: '400', delete: '400' } },
  {
    file: 'evenements.tsx',
    path: '/admin/evenements',
    loader: 'ok',
    intents: { ...CRUD, 'save-page': '400' },
  },
  { file: 'saisons-podcast.tsx', path: '/admin/saisons-podcast', loader: 'ok', intents: CRUD },
  { file: 'episodes-podcast.tsx', path: '/admin/episodes-podcast', loader: 'ok', intents: CRUD },
  {
    file: 'photos-atelier.tsx',
    path: '/admin/photos-atelier',
    loader: 'ok',
    intents: { ...CRUD, reorder: '400', move: '400', 'add-many': '400' },
  },
  {
    file: 'encheres.tsx',
    path: '/admin/encheres',
    loader: 'ok',
    intents: { create: '400', end: '400', unsubscribe: '400' },
  },
  { file: 'encheres-abonnes-csv.tsx', path: '/admin/encheres/abonnes.csv', loader: '200', intents: {} },
  { file: 'journal.tsx', path: '/admin/journal', loader: 'ok', intents: {} },
  {
    file: 'profil.tsx',
    path: '/admin/profil',
    loader: 'ok',
    intents: {
      'sign-out': '/auth',
      'revoke-session': '400',
      'revoke-other-sessions': 'ok',
      'start-two-factor': '400',
      'confirm-two-factor': '400',
      'renew-recovery-codes': '400',
      'disable-two-factor': '400',
      'add-passkey': '400',
      'delete-passkey': '400',
    },
  },
  // The JSON of a new passkey's WebAuthn options (a Response: its status).
  {
    file: 'profil-passkey.tsx',
    path: '/admin/profil/cle-acces',
    loader: null,
    intents: { 'start-passkey': '200' },
  },
]

/** Runs a loader or action and returns its redirect location, or 'ok' / the status it answered. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    const result = await run()
    if (result instanceof Response) return result.headers.get('Location') ?? String(result.status)
    const init = (result as { init?: { status?: number } } | null)?.init
    return init?.status && init.status !== 200 ? String(init.status) : 'ok'
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? String(thrown.status)
    throw thrown
  }
}

function moduleOf(file: string): RouteModule {
  const module = MODULES[`./${file}`]
  if (!module) throw new Error(`app/routes/admin/${file} n'existe pas`)
  return module
}

let cookies: { user: string; admin: string }

beforeEach(async () => {
  await resetSignIn()
  cookies = { user: await signedInCookie('user'), admin: await signedInCookie('admin') }
})

describe('admin routes are enforced on the server', () => {
  it('lists every admin route module and every action intent in the table', () => {
    expect(
      Object.keys(MODULES)
        .map((key) => key.slice(2))
        .sort(),
    ).toEqual(ADMIN_ROUTES.map((row) => row.file).sort())
    for (const row of ADMIN_ROUTES) {
      const module = moduleOf(row.file)
      expect(module.loader ? 'loader' : null, row.file).toBe(row.loader ? 'loader' : null)
      expect([...(module.action?.intents ?? [])].sort(), row.file).toEqual(Object.keys(row.intents).sort())
      if (module.action)
        expect(module.action.intents, `${row.file}: action built with adminAction`).toBeDefined()
    }
  })

  for (const row of ADMIN_ROUTES.filter((entry) => entry.loader)) {
    it(`${row.file} loader: visitor → /auth, user → /, admin → ${row.loader}`, async () => {
      const load = moduleOf(row.file).loader as (args: unknown) => Promise<unknown>
      const call = (cookie?: string) =>
        outcome(() =>
          load({
            request: new Request(`http://localhost:3000${row.path}`, { headers: cookie ? { cookie } : {} }),
            params: {},
            context,
          }),
        )
      expect(await call()).toBe('/auth')
      expect(await call(cookies.user)).toBe('/')
      expect(await call(cookies.admin)).toBe(row.loader)
    })
  }

  for (const row of ADMIN_ROUTES) {
    const expected: Record<string, string> = { ...row.intents, 'intention-inconnue': '400' }
    for (const [intent, adminOutcome] of Object.entries(expected)) {
      if (!moduleOf(row.file).action) continue
      it(`${row.file} action "${intent}": visitor → /auth, user → /, admin → ${adminOutcome}`, async () => {
        const act = moduleOf(row.file).action as (args: unknown) => Promise<unknown>
        const call = (cookie?: string) =>
          outcome(() => act({ request: formRequest(row.path, { intent }, cookie), params: {}, context }))
        expect(await call()).toBe('/auth')
        expect(await call(cookies.user)).toBe('/')
        expect(await call(cookies.admin)).toBe(adminOutcome)
      })
    }
  }
})
