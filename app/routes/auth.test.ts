import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { expectHtmlToContain, renderRoute } from '#tests/support/routes'
import { withAdminAccount } from '#tests/support/sessions'
import AuthPage, { action, loader } from './auth'

const context = { cspNonce: 'n', clientIp: '203.0.113.7' }

function post(fields: Record<string, string>, url = 'http://localhost:3000/auth') {
  return action({
    request: new Request(url, { method: 'POST', body: new URLSearchParams(fields) }),
    params: {},
    context,
  } as never) as Promise<unknown>
}

function answerOf(result: unknown): { status: number; data: Record<string, unknown> } {
  const value = result as { data: Record<string, unknown>; init: { status?: number } | null }
  return { status: value.init?.status ?? 200, data: value.data }
}

function errorOf(result: unknown): { status: number; error: unknown } {
  const { status, data } = answerOf(result)
  return { status, error: data.error }
}

async function load(url: string, cookie?: string) {
  try {
    return await loader({
      request: new Request(url, { headers: cookie ? { cookie } : {} }),
      params: {},
      context,
    } as never)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

beforeEach(() => withAdminAccount())

describe('/auth sign-in action', () => {
  it('signs in and goes to /auth/callback (Connexion réussie, then /admin) with a session cookie', async () => {
    const result = await post({
      intent: 'sign-in',
      email: 'Claire@exemple.fr',
      password: 'un-mot-de-passe-long',
    })
    expect(result).toBeInstanceOf(Response)
    const response = result as Response
    expect(response.headers.get('Location')).toBe('/auth/callback')
    expect(response.headers.getSetCookie().join(';')).toMatch(/session_token=/)
  })

  it('answers the same message for a wrong password and an unknown account', async () => {
    expect(errorOf(await post({ email: 'claire@exemple.fr', password: 'faux-mot-de-passe' }))).toEqual({
      status: 401,
      error: 'Email ou mot de passe incorrect',
    })
    expect(errorOf(await post({ email: 'personne@exemple.fr', password: 'faux-mot-de-passe' }))).toEqual({
      status: 401,
      error: 'Email ou mot de passe incorrect',
    })
  })

  it('refuses missing fields with a French message', async () => {
    expect(errorOf(await post({ email: '', password: '' }))).toEqual({
      status: 400,
      error: 'Veuillez saisir votre email',
    })
  })

  it('limits attempts per address', async () => {
    for (let i = 0; i < 5; i++) await post({ email: 'claire@exemple.fr', password: `faux-${i}-mot-de-passe` })
    expect(errorOf(await post({ email: 'claire@exemple.fr', password: 'un-mot-de-passe-long' })).status).toBe(
      429,
    )
  })
})

describe('/auth reset request (mode Mot de passe oublié ?)', () => {
  it('answers Email envoyé for a known and an unknown address alike; only the known one gets an e-mail', async () => {
    const known = answerOf(await post({ intent: 'request-reset', email: 'claire@exemple.fr' }))
    const unknown = answerOf(await post({ intent: 'request-reset', email: 'personne@exemple.fr' }))
    expect(known).toEqual(unknown)
    expect(known).toEqual({
      status: 200,
      data: {
        intent: 'request-reset',
        sent: true,
        title: 'Email envoyé',
        description: 'Vérifiez votre email pour réinitialiser votre mot de passe.',
      },
    })
    const mails = await getDb().select().from(emailsSortants)
    expect(mails.map((mail) => mail.destinataire)).toEqual(['claire@exemple.fr'])
  }, 20_000)

  it('refuses an invalid address (400) and answers 429 past the per-address limit', async () => {
    expect(answerOf(await post({ intent: 'request-reset', email: 'pas-une-adresse' }))).toEqual({
      status: 400,
      data: { intent: 'request-reset', error: 'Veuillez saisir une adresse email valide' },
    })
    for (let i = 0; i < 3; i++) await post({ intent: 'request-reset', email: 'claire@exemple.fr' })
    expect(answerOf(await post({ intent: 'request-reset', email: 'claire@exemple.fr' }))).toEqual({
      status: 429,
      data: {
        intent: 'request-reset',
        error: 'Trop de demandes de réinitialisation. Veuillez réessayer dans quelques minutes.',
      },
    })
  }, 20_000)
})

describe('/auth loader and page', () => {
  it('sends a signed-in visitor to /admin', async () => {
    const signIn = (await post({ email: 'claire@exemple.fr', password: 'un-mot-de-passe-long' })) as Response
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ')
    const result = (await load('http://localhost:3000/auth', cookie)) as Response
    expect(result.headers.get('Location')).toBe('/admin')
  })

  it('shows the sign-in form, with the links to the reset mode and to the home page', async () => {
    const html = renderRoute(AuthPage as never, await load('http://localhost:3000/auth'), '/auth')
    expectHtmlToContain(html, [
      'Se connecter',
      'href="/auth?mode=reset"',
      'Mot de passe oublié ?',
      'Retour à l&#x27;accueil',
    ])
    expect(html).not.toContain('Envoyer le lien de réinitialisation')
  })

  it('shows the reset form with ?mode=reset, and its answer inline without JavaScript', async () => {
    const loaderData = await load('http://localhost:3000/auth?mode=reset')
    const html = renderRoute(AuthPage as never, loaderData, '/auth?mode=reset')
    expect(html).toContain('Envoyer le lien de réinitialisation')
    expect(html).not.toContain('Se connecter')
    const answer = answerOf(await post({ intent: 'request-reset', email: 'personne@exemple.fr' })).data
    const after = renderRoute(AuthPage as never, loaderData, '/auth?mode=reset', answer)
    expect(after).toContain('Email envoyé')
    expect(after).toContain('Vérifiez votre email pour réinitialiser votre mot de passe.')
  })

  it('shows the sign-in error inline, and the flash toast the sign-out left', async () => {
    const error = answerOf(await post({ email: 'claire@exemple.fr', password: 'faux-mot-de-passe' })).data
    const html = renderRoute(AuthPage as never, await load('http://localhost:3000/auth'), '/auth', error)
    expect(html).toContain('Erreur de connexion')
    expect(html).toContain('Email ou mot de passe incorrect')
    const signedOut = renderRoute(
      AuthPage as never,
      await load('http://localhost:3000/auth'),
      '/auth',
      undefined,
      {
        toast: { id: 't', type: 'success', title: 'Déconnexion réussie', description: 'À bientôt !' },
      },
    )
    expect(signedOut).toContain('Déconnexion réussie')
    expect(signedOut).toContain('À bientôt !')
  })
})
