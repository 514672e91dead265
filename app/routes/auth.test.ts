import { beforeEach, describe, expect, it } from 'vitest'
import { getAuth, resetAuthForTests } from '#app/auth.server'
import { resetRateLimitsForTests } from '#app/services/rate-limit.server'
import { action } from './auth'

const context = { cspNonce: 'n', clientIp: '203.0.113.7' }

function post(fields: Record<string, string>) {
  return action({
    request: new Request('http://localhost:3000/auth', { method: 'POST', body: new URLSearchParams(fields) }),
    params: {},
    context,
  } as never) as Promise<unknown>
}

function errorOf(result: unknown): { status: number; error: string } {
  const value = result as { data: { error: string }; init: { status: number } }
  return { status: value.init.status, error: value.data.error }
}

beforeEach(async () => {
  resetAuthForTests()
  await resetRateLimitsForTests()
  await getAuth().api.createUser({
    body: { email: 'claire@exemple.fr', password: 'un-mot-de-passe-long', name: 'Claire', role: 'admin' },
  })
})

describe('/auth sign-in action', () => {
  it('signs in and goes to /admin with a session cookie', async () => {
    const result = await post({ email: 'Claire@exemple.fr', password: 'un-mot-de-passe-long' })
    expect(result).toBeInstanceOf(Response)
    const response = result as Response
    expect(response.headers.get('Location')).toBe('/admin')
    expect(response.headers.getSetCookie().join(';')).toMatch(/session_token=/)
    expect(response.headers.getSetCookie().join(';').toLowerCase()).toContain('httponly')
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
