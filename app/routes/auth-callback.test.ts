import { beforeEach, describe, expect, it } from 'vitest'
import { forgetAuth, getAuth } from '#app/auth.server'
import { getDatabase, getDb, openDatabase, setDatabase } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { getToast } from '#app/http/toast.server'
import { requestPasswordReset } from '#app/services/auth/request-password-reset.server'
import { expectHtmlToContain, renderRoute } from '#tests/support/routes'
import { withAdminAccount } from '#tests/support/sessions'
import AuthCallback, { action, loader } from './auth-callback'

const context = { cspNonce: 'n', clientIp: '203.0.113.8' }
const NEW_PASSWORD = 'nouveau-mot-de-passe-solide'
const INVALID = 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.'

type DataAnswer = {
  data: Record<string, unknown>
  init: { status?: number; headers?: Record<string, string> }
}

async function run<T>(call: () => Promise<T>): Promise<T | Response> {
  try {
    return await call()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

function load(url: string, cookie?: string) {
  return run(() =>
    loader({
      request: new Request(url, { headers: cookie ? { cookie } : {} }),
      params: {},
      context,
    } as never),
  )
}

function submit(fields: Record<string, string>) {
  return run(() =>
    action({
      request: new Request('http://localhost:3000/auth/callback', {
        method: 'POST',
        body: new URLSearchParams(fields),
      }),
      params: {},
      context,
    } as never),
  )
}

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
}

async function resetToken(): Promise<string> {
  await requestPasswordReset({ email: 'claire@exemple.fr', clientIp: '198.51.100.1' }, { minDurationMs: 0 })
  const [mail] = await getDb().select().from(emailsSortants)
  return mail?.texte.match(/callback\?token=([A-Za-z0-9]+)/)?.[1] ?? ''
}

beforeEach(() => withAdminAccount())

describe('/auth/callback without a token (public spec §2)', () => {
  it('sends a visitor without a session to /auth', async () => {
    const result = (await load('http://localhost:3000/auth/callback')) as Response
    expect(result.headers.get('Location')).toBe('/auth')
  })

  it('with a session shows Connexion réussie / Redirection... and a way on to /admin', async () => {
    const signIn = await (await getAuth()).api.signInEmail({
      body: { email: 'claire@exemple.fr', password: 'un-mot-de-passe-long' },
      asResponse: true,
    })
    const result = (await load('http://localhost:3000/auth/callback', cookieOf(signIn))) as DataAnswer
    expect(result.data).toEqual({ kind: 'signed-in' })
    const html = renderRoute(AuthCallback as never, result.data, '/auth/callback')
    expectHtmlToContain(html, [
      'Connexion réussie',
      'Redirection...',
      'href="/admin"',
      '<noscript><meta http-equiv="refresh" content="1;url=/admin"/></noscript>',
    ])
  })

  it('when the session cannot be checked, goes to /auth with the toast Erreur inattendue', async () => {
    const signIn = await (await getAuth()).api.signInEmail({
      body: { email: 'claire@exemple.fr', password: 'un-mot-de-passe-long' },
      asResponse: true,
    })
    // A real database without its tables: every session look-up fails.
    const working = getDatabase()
    const broken = await openDatabase()
    setDatabase(broken)
    forgetAuth()
    try {
      const result = (await load('http://localhost:3000/auth/callback', cookieOf(signIn)).catch(
        (thrown: unknown) => thrown,
      )) as Response
      expect(result.status).toBe(302)
      expect(result.headers.get('Location')).toBe('/auth')
      const flash = result.headers.get('Set-Cookie')?.split(';')[0] ?? ''
      const { toast } = await getToast(
        new Request('http://localhost:3000/auth', { headers: { cookie: flash } }),
      )
      expect(toast).toMatchObject({
        type: 'error',
        title: 'Erreur inattendue',
        description: "Une erreur est survenue lors de l'authentification.",
      })
    } finally {
      setDatabase(working)
      forgetAuth()
      await broken.close()
    }
  })
})

describe('/auth/callback with a reset token', () => {
  it('shows the new-password form for a valid link, never cached', async () => {
    const token = await resetToken()
    const result = (await load(`http://localhost:3000/auth/callback?token=${token}`)) as DataAnswer
    expect(result.init.status).toBe(200)
    expect(result.init.headers).toMatchObject({
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    })
    const html = renderRoute(AuthCallback as never, result.data, `/auth/callback?token=${token}`)
    expectHtmlToContain(html, [
      'Nouveau mot de passe',
      'Confirmer le mot de passe',
      'minLength="10"',
      'Au moins <!-- -->10<!-- --> caractères.',
    ])
  })

  it('answers 400 with the French error for an unknown link', async () => {
    const result = (await load('http://localhost:3000/auth/callback?token=inconnu')) as DataAnswer
    expect(result.init.status).toBe(400)
    const html = renderRoute(AuthCallback as never, result.data, '/auth/callback?token=inconnu')
    expect(html).toContain('Erreur d&#x27;authentification')
    expect(html).toContain('Ce lien de réinitialisation est invalide ou a expiré.')
    expect(html).toContain('href="/auth?mode=reset"')
    expect(html).not.toContain('Confirmer le mot de passe')
  })

  it('saves the new password, signs in and comes back to the callback, which leads to /admin', async () => {
    const token = await resetToken()
    const result = (await submit({ token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD })) as Response
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe('/auth/callback')
    const next = (await load('http://localhost:3000/auth/callback', cookieOf(result))) as DataAnswer
    expect(next.data).toEqual({ kind: 'signed-in' })

    const again = (await submit({
      token,
      password: 'encore-un-mot-de-passe',
      confirmation: 'encore-un-mot-de-passe',
    })) as DataAnswer
    expect(again.init.status).toBe(400)
    expect(again.data).toEqual({ error: INVALID, field: 'token' })
    const signIn = await (await getAuth()).api.signInEmail({
      body: { email: 'claire@exemple.fr', password: NEW_PASSWORD },
      asResponse: true,
    })
    expect(signIn.status).toBe(200)
  })

  it('shows a password error inline and keeps the form', async () => {
    const token = await resetToken()
    const answer = (await submit({
      token,
      password: NEW_PASSWORD,
      confirmation: 'autre-chose-encore',
    })) as DataAnswer
    expect(answer.init.status).toBe(400)
    expect(answer.data).toEqual({ error: 'Les mots de passe ne correspondent pas', field: 'password' })
    const loaded = (await load(`http://localhost:3000/auth/callback?token=${token}`)) as DataAnswer
    const html = renderRoute(AuthCallback as never, loaded.data, `/auth/callback?token=${token}`, answer.data)
    expect(html).toContain('Les mots de passe ne correspondent pas')
    expect(html).toContain('Confirmer le mot de passe')
  })
})
