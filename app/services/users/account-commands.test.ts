import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { forgetAuth, getAuth } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { session, user } from '#app/db/schema'
import { createUserAccount } from './create-user-account.server'
import { promoteUser } from './promote-user.server'
import { resetUserPassword } from './reset-user-password.server'
import { UserCommandError } from './user-command-error.server'

async function canSignIn(email: string, password: string): Promise<boolean> {
  const response = await (await getAuth()).api.signInEmail({ body: { email, password }, asResponse: true })
  return response.status === 200
}

beforeEach(() => forgetAuth())

describe('createUserAccount (npm run admin -- create)', () => {
  it('creates an account with the given password, names and role', async () => {
    const created = await createUserAccount({
      email: ' Marie@Exemple.fr ',
      password: 'un-mot-de-passe-long',
      nom: 'Curie',
      prenom: 'Marie',
      role: 'admin',
    })
    expect(created).toMatchObject({ email: 'marie@exemple.fr', role: 'admin', generatedPassword: null })
    const [row] = await getDb().select().from(user)
    expect(row).toMatchObject({
      email: 'marie@exemple.fr',
      nom: 'Curie',
      prenom: 'Marie',
      name: 'Marie Curie',
      role: 'admin',
    })
    expect(await canSignIn('marie@exemple.fr', 'un-mot-de-passe-long')).toBe(true)
  })

  it('generates a strong password when none is given, and makes a plain user by default', async () => {
    const created = await createUserAccount({ email: 'paul@exemple.fr' })
    expect(created.role).toBe('user')
    expect(created.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(await canSignIn('paul@exemple.fr', created.generatedPassword ?? '')).toBe(true)
    const [row] = await getDb().select().from(user)
    expect(row).toMatchObject({ name: 'paul', nom: null, prenom: null, role: 'user' })
  })

  it('refuses an existing address, an invalid address and a short password, creating nothing more', async () => {
    await createUserAccount({ email: 'paul@exemple.fr', password: 'un-mot-de-passe-long' })
    await expect(createUserAccount({ email: 'PAUL@exemple.fr' })).rejects.toThrow(
      new UserCommandError('Un compte existe déjà pour paul@exemple.fr.'),
    )
    await expect(createUserAccount({ email: 'paul' })).rejects.toThrow('Adresse email invalide : paul')
    await expect(createUserAccount({ email: 'lea@exemple.fr', password: 'court' })).rejects.toThrow(
      'Le mot de passe doit contenir au moins 10 caractères.',
    )
    expect(await getDb().select().from(user)).toHaveLength(1)
  })
})

describe('promoteUser (npm run admin -- promote)', () => {
  it('makes a user an administrator, and says so when it already is one', async () => {
    await createUserAccount({ email: 'paul@exemple.fr' })
    expect(await promoteUser('Paul@exemple.fr')).toEqual({ email: 'paul@exemple.fr', alreadyAdmin: false })
    const [row] = await getDb().select().from(user).where(eq(user.email, 'paul@exemple.fr'))
    expect(row?.role).toBe('admin')
    expect(await promoteUser('paul@exemple.fr')).toEqual({ email: 'paul@exemple.fr', alreadyAdmin: true })
  })

  it('refuses an unknown address', async () => {
    await expect(promoteUser('personne@exemple.fr')).rejects.toThrow('Aucun compte pour personne@exemple.fr.')
  })
})

describe('resetUserPassword (npm run admin -- reset-password)', () => {
  it('sets the given password and ends the open sessions', async () => {
    await createUserAccount({ email: 'paul@exemple.fr', password: 'ancien-mot-de-passe' })
    expect(await canSignIn('paul@exemple.fr', 'ancien-mot-de-passe')).toBe(true)
    expect(await getDb().select().from(session)).toHaveLength(1)

    expect(await resetUserPassword({ email: 'paul@exemple.fr', password: 'nouveau-mot-de-passe' })).toEqual({
      email: 'paul@exemple.fr',
      generatedPassword: null,
    })
    expect(await getDb().select().from(session)).toHaveLength(0)
    expect(await canSignIn('paul@exemple.fr', 'ancien-mot-de-passe')).toBe(false)
    expect(await canSignIn('paul@exemple.fr', 'nouveau-mot-de-passe')).toBe(true)
  })

  it('generates a password when none is given', async () => {
    await createUserAccount({ email: 'paul@exemple.fr', password: 'ancien-mot-de-passe' })
    const { generatedPassword } = await resetUserPassword({ email: 'paul@exemple.fr' })
    expect(generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(await canSignIn('paul@exemple.fr', generatedPassword ?? '')).toBe(true)
  })

  it('gives a password to an account created without one', async () => {
    await (await getAuth()).api.createUser({ body: { email: 'sans@exemple.fr', name: 'Sans' } })
    await resetUserPassword({ email: 'sans@exemple.fr', password: 'enfin-un-mot-de-passe' })
    expect(await canSignIn('sans@exemple.fr', 'enfin-un-mot-de-passe')).toBe(true)
  })

  it('refuses an unknown address or a short password', async () => {
    await expect(resetUserPassword({ email: 'personne@exemple.fr' })).rejects.toThrow(
      'Aucun compte pour personne@exemple.fr.',
    )
    await createUserAccount({ email: 'paul@exemple.fr', password: 'ancien-mot-de-passe' })
    await expect(resetUserPassword({ email: 'paul@exemple.fr', password: 'court' })).rejects.toThrow(
      'Le mot de passe doit contenir au moins 10 caractères.',
    )
    expect(await canSignIn('paul@exemple.fr', 'ancien-mot-de-passe')).toBe(true)
  })
})
