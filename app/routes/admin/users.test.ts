import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getAuth } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { account, session, user } from '#app/db/schema'
import { updateUserProfile } from '#app/services/users/update-user-profile.server'
import { adminRoute, expectSuccess } from '#tests/support/routes'
import { signedInCookie } from '#tests/support/sessions'
import { action, loader } from './users'

const { post, load, cookie } = adminRoute('/admin/users', { action, loader })

async function idOf(email: string): Promise<string> {
  const [row] = await getDb().select({ id: user.id }).from(user).where(eq(user.email, email))
  if (!row) throw new Error(`no account ${email}`)
  return row.id
}

/** Every account row, all columns, by e-mail. */
function accounts() {
  return getDb().select().from(user).orderBy(user.email)
}

async function isSignedIn(sessionCookie: string): Promise<boolean> {
  return (
    (await (await getAuth()).api.getSession({ headers: new Headers({ cookie: sessionCookie }) })) !== null
  )
}

describe('/admin/users loader', () => {
  it('lists every account newest first with the signed-in administrator’s id', async () => {
    await signedInCookie('user', 'lea@exemple.fr')
    const answer = await load()
    expect(answer.status).toBe(200)
    expect(answer.users.map((row) => row.email)).toEqual(['lea@exemple.fr', 'admin@exemple.fr'])
    expect(answer.users[1]).toMatchObject({ role: 'admin' })
    expect(answer.currentUserId).toBe(await idOf('admin@exemple.fr'))
  })
})

describe('/admin/users update', () => {
  it('changes nom, prénom and role, and the display name follows', async () => {
    await signedInCookie('user', 'lea@exemple.fr')
    const id = await idOf('lea@exemple.fr')
    const answer = await post({ intent: 'update', id, nom: ' Martin ', prenom: 'Léa', role: 'admin' })
    expectSuccess(answer, 'Succès', 'Utilisateur modifié')
    const [row] = (await accounts()).filter((entry) => entry.id === id)
    expect(row).toMatchObject({ nom: 'Martin', prenom: 'Léa', role: 'admin', name: 'Léa Martin' })
  })

  it('refuses an unknown id (404), a bad role and an over-long name, changing nothing', async () => {
    await signedInCookie('user', 'lea@exemple.fr')
    const id = await idOf('lea@exemple.fr')
    const before = await accounts()
    expect((await post({ intent: 'update', id: 'inconnu', nom: 'X', role: 'user' })).status).toBe(404)
    const badRole = await post({ intent: 'update', id, nom: 'X', role: 'superadmin' })
    expect(badRole.status).toBe(400)
    expect(badRole.body.fieldErrors?.role).toEqual(['Veuillez choisir un rôle'])
    const long = await post({ intent: 'update', id, nom: 'x'.repeat(101), role: 'user' })
    expect(long.body.fieldErrors?.nom).toEqual(['Le nom ne doit pas dépasser 100 caractères'])
    expect((await post({ intent: 'update' })).status).toBe(400)
    expect(await accounts()).toEqual(before)
  })

  it('lets an administrator step down while another administrator remains', async () => {
    await signedInCookie('admin', 'autre-admin@exemple.fr')
    const self = await idOf('admin@exemple.fr')
    const answer = await post({ intent: 'update', id: self, nom: 'Moi', role: 'user' })
    expect(answer.status).toBe(200)
    expect((await accounts()).find((row) => row.id === self)?.role).toBe('user')
  })

  it('refuses to demote the last administrator, themself included', async () => {
    const self = await idOf('admin@exemple.fr')
    const before = await accounts()
    const answer = await post({ intent: 'update', id: self, nom: 'Moi', role: 'user' })
    expect(answer.status).toBe(409)
    expect(answer.body.fieldErrors?.role).toEqual(['Il doit rester au moins un administrateur.'])
    expect(await accounts()).toEqual(before)
    // Also when asked by someone no longer administrator (e.g. demoted meanwhile).
    await expect(
      updateUserProfile({ id: self, nom: null, prenom: null, role: 'user' }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      fieldErrors: { role: ['Il doit rester au moins un administrateur.'] },
    })
    expect(await accounts()).toEqual(before)
  })
})

describe('/admin/users delete', () => {
  it('deletes another account with its sessions and password', async () => {
    const theirCookie = await signedInCookie('user', 'lea@exemple.fr')
    const id = await idOf('lea@exemple.fr')
    expect(await isSignedIn(theirCookie)).toBe(true)
    const answer = await post({ intent: 'delete', id })
    expect(answer.status).toBe(200)
    expect(answer.body.toast.description).toBe('Utilisateur supprimé')
    expect((await accounts()).map((row) => row.email)).toEqual(['admin@exemple.fr'])
    expect(await getDb().select().from(session).where(eq(session.userId, id))).toHaveLength(0)
    expect(await getDb().select().from(account).where(eq(account.userId, id))).toHaveLength(0)
    expect(await isSignedIn(theirCookie)).toBe(false)
  })

  it('refuses to delete one’s own account on the server (403), whatever the screen shows', async () => {
    const self = await idOf('admin@exemple.fr')
    const before = await accounts()
    const answer = await post({ intent: 'delete', id: self })
    expect(answer.status).toBe(403)
    expect(answer.body.toast).toEqual({
      type: 'error',
      title: 'Erreur',
      description: 'Vous ne pouvez pas supprimer votre propre compte.',
    })
    expect(await accounts()).toEqual(before)
    expect(await isSignedIn(cookie())).toBe(true)
  })

  it('refuses an unknown or missing id, changing nothing', async () => {
    await signedInCookie('user', 'lea@exemple.fr')
    const before = await accounts()
    const unknown = await post({ intent: 'delete', id: 'inconnu' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.toast.description).toBe(
      "Impossible de supprimer l'utilisateur. Utilisateur introuvable.",
    )
    expect((await post({ intent: 'delete' })).status).toBe(400)
    expect(await accounts()).toEqual(before)
  })

  it('refuses a signed-in non-administrator', async () => {
    const userCookie = await signedInCookie('user', 'lea@exemple.fr')
    const admin = await idOf('admin@exemple.fr')
    await expect(post({ intent: 'delete', id: admin }, userCookie)).rejects.toThrow(/ vers \/$/)
    expect(await accounts()).toHaveLength(2)
  })
})
