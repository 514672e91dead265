import { beforeEach, describe, expect, it } from 'vitest'
import { forgetAuth, getAuth } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { user } from '#app/db/schema'
import { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin } from './ensure-first-admin.server'

beforeEach(() => forgetAuth())

async function canSignIn(email: string, password: string): Promise<boolean> {
  const response = await (await getAuth()).api.signInEmail({ body: { email, password }, asResponse: true })
  return response.status === 200
}

describe('ensureFirstAdmin', () => {
  it('creates the administrator from ADMIN_EMAIL and ADMIN_PASSWORD on an empty user table', async () => {
    const created = await ensureFirstAdmin({ email: 'Claire@Exemple.fr', password: 'un-mot-de-passe-long' })
    expect(created).toEqual({ email: 'claire@exemple.fr', generatedPassword: null })
    const rows = await getDb().select().from(user)
    expect(rows.map((row) => [row.email, row.role])).toEqual([['claire@exemple.fr', 'admin']])
    expect(await canSignIn('claire@exemple.fr', 'un-mot-de-passe-long')).toBe(true)
    expect(await canSignIn('claire@exemple.fr', 'mauvais-mot-de-passe')).toBe(false)
  })

  it('generates a strong password when none is given, usable once printed', async () => {
    const created = await ensureFirstAdmin({})
    expect(created?.email).toBe(DEFAULT_ADMIN_EMAIL)
    expect(created?.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(await canSignIn(DEFAULT_ADMIN_EMAIL, created?.generatedPassword ?? '')).toBe(true)
  })

  it('does nothing once a user exists', async () => {
    await ensureFirstAdmin({ email: 'a@exemple.fr', password: 'un-mot-de-passe-long' })
    expect(await ensureFirstAdmin({ email: 'b@exemple.fr', password: 'un-autre-mot-de-passe' })).toBeNull()
    expect(await getDb().select().from(user)).toHaveLength(1)
  })

  it('keeps public sign-up closed', async () => {
    const response = await (await getAuth()).api.signUpEmail({
      body: { email: 'intrus@exemple.fr', password: 'un-mot-de-passe-long', name: 'Intrus' },
      asResponse: true,
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(await getDb().select().from(user)).toHaveLength(0)
  })
})
