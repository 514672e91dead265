import { beforeEach, describe, expect, it } from 'vitest'
import { withAdminAccount } from '#tests/support/sessions'
import { signIn } from './sign-in.server'

const account = { email: 'artiste@exemple.fr', password: 'un-mot-de-passe-long' }

beforeEach(() => withAdminAccount({ ...account, name: 'Artiste' }))

describe('sign-in rate limits count failed attempts only', () => {
  it('lets the artist sign in many times in a row', async () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const result = await signIn({ ...account, clientIp: '10.0.0.1' })
      expect(result.ok, `connexion n° ${attempt + 1}`).toBe(true)
    }
  })

  it('refuses even the right password after 5 failures for the address, from any IP', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await signIn({
        ...account,
        password: 'mauvais-mot-de-passe',
        clientIp: `10.0.1.${attempt}`,
      })
      expect(result).toMatchObject({ ok: false, status: 401, message: 'Email ou mot de passe incorrect' })
    }
    expect(await signIn({ ...account, clientIp: '10.0.2.1' })).toMatchObject({
      ok: false,
      status: 429,
      message: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
    })
  })

  it('refuses an IP after 10 failures whatever the address', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      await signIn({
        email: `inconnu${attempt}@exemple.fr`,
        password: 'x-mot-de-passe',
        clientIp: '10.0.3.1',
      })
    }
    expect(await signIn({ ...account, clientIp: '10.0.3.1' })).toMatchObject({ ok: false, status: 429 })
    expect(await signIn({ ...account, clientIp: '10.0.3.2' })).toMatchObject({ ok: true })
  })
})
