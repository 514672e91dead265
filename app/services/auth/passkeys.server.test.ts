import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getAuth } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { appareilsConnus, emailsSortants, journalAudit, passkey, session, user } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { MAX_PASSKEYS } from '#app/lib/passkey'
import { UseCaseError } from '#app/lib/use-case-error'
import { action as profileAction, loader as profileLoader } from '#app/routes/admin/profil'
import { action as optionsAction } from '#app/routes/admin/profil-passkey'
import { action as signInAction } from '#app/routes/auth-passkey'
import { deleteUser } from '#app/services/users/delete-user.server'
import { createTestAuthenticator, type TestAuthenticator } from '#tests/support/passkey-authenticator'
import { adminRoute, adminScreenReachedBy } from '#tests/support/routes'
import { requireSecondFactorOfAdmins, signedInCookie } from '#tests/support/sessions'
import {
  addPasskey,
  deleteAccountPasskey,
  listAccountPasskeys,
  startPasskeyRegistration,
} from './passkeys.server'
import { PASSKEY_SIGN_IN_REFUSED, signInWithPasskey, startPasskeySignIn } from './sign-in.server'

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** The Cookie header of these Set-Cookie headers, after `before` (another Cookie header). */
const withCookies = (before: string, setCookies: ReadonlyArray<string>) =>
  [before, ...setCookies.map((header) => header.split(';')[0])].filter(Boolean).join('; ')

const idOf = async (email: string) =>
  (await getDb().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? ''

const profile = adminRoute('/admin/profil', { action: profileAction, loader: profileLoader })
let admin: string
let device: TestAuthenticator

beforeEach(() => {
  admin = profile.cookie()
  device = createTestAuthenticator(getEnv().SITE_URL_RESOLVED)
})

/** Registers a passkey on `device` for the holder of `cookie`, through the services: its id. */
async function register(cookie: string, name = 'Ordinateur de l’atelier'): Promise<string> {
  const email = cookie === admin ? 'admin@exemple.fr' : 'autre@exemple.fr'
  const started = await startPasskeyRegistration(new Headers({ cookie }), await idOf(email))
  const response = device.register(started.options as unknown as PublicKeyCredentialCreationOptionsJSON)
  return addPasskey(new Headers({ cookie: withCookies(cookie, started.setCookies) }), { name, response })
}

/** Signs in with the device's passkey through the services (with the challenge of a first step). */
async function passkeySignIn(settings: { userVerified?: boolean } = {}, clientIp = '203.0.113.9') {
  const started = await startPasskeySignIn(clientIp)
  if (!started) throw new Error('trop de tentatives')
  const response = device.signIn(
    started.options as unknown as PublicKeyCredentialRequestOptionsJSON,
    settings,
  )
  return signInWithPasskey({
    response,
    headers: new Headers({ cookie: withCookies('', started.setCookies), 'user-agent': CHROME }),
    clientIp,
  })
}

describe('passkey registration (issue #37 §3)', () => {
  it('asks the site’s relying party for a discoverable, user-verified credential, then stores it under its name', async () => {
    const answer = (await optionsAction({
      request: new Request('http://localhost:3000/admin/profil/cle-acces', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'start-passkey' }),
        headers: { cookie: admin },
      }),
      params: {},
      context: { cspNonce: 'n', clientIp: '127.0.0.1' },
    } as never)) as Response
    expect(answer.status).toBe(200)
    const { ok, options } = (await answer.json()) as {
      ok: boolean
      options: PublicKeyCredentialCreationOptionsJSON
    }
    expect(ok).toBe(true)
    expect(options.rp).toEqual({ id: new URL(getEnv().SITE_URL_RESOLVED).hostname, name: 'Encre' })
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    expect(options.excludeCredentials).toEqual([])
    const challengeCookies = answer.headers.getSetCookie()
    expect(challengeCookies.join()).toMatch(/passkey=.*HttpOnly/i)

    // The browser's answer, posted to /admin/profil with its name: stored, listed, audited.
    const added = await profile.post(
      {
        intent: 'add-passkey',
        name: '  Téléphone  ',
        response: JSON.stringify(device.register(options)),
      },
      withCookies(admin, challengeCookies),
    )
    expect(added.status).toBe(200)
    expect(added.body.toast).toMatchObject({ title: 'Clé d’accès ajoutée' })
    const { passkeys } = await profile.load()
    expect(passkeys).toEqual([{ id: added.body.id, name: 'Téléphone', addedAt: expect.any(String) }])
    expect(JSON.stringify(passkeys)).not.toContain('publicKey')
    const [entry] = await getDb().select().from(journalAudit).where(eq(journalAudit.action, 'add-passkey'))
    expect(entry).toMatchObject({ entite: 'session', entite_id: added.body.id, champs: ['name', 'response'] })

    // A second registration excludes the key already there.
    const again = await startPasskeyRegistration(
      new Headers({ cookie: admin }),
      await idOf('admin@exemple.fr'),
    )
    const [stored] = await getDb().select({ credentialID: passkey.credentialID }).from(passkey)
    expect((again.options.excludeCredentials as Array<{ id: string }>).map((one) => one.id)).toEqual([
      stored?.credentialID,
    ])
  })

  it('refuses an answer without its challenge or user verification, a challenge used twice, another origin, or no name; nothing is stored', async () => {
    const userId = await idOf('admin@exemple.fr')
    const started = await startPasskeyRegistration(new Headers({ cookie: admin }), userId)
    const options = started.options as unknown as PublicKeyCredentialCreationOptionsJSON
    const refusal =
      'L’enregistrement de la clé d’accès a échoué : la clé n’a pas pu être vérifiée. Réessayez.'

    await expect(
      addPasskey(new Headers({ cookie: admin }), { name: 'Sans défi', response: device.register(options) }),
    ).rejects.toThrow(refusal)
    // A device that did not verify its user (no PIN, no biometrics): one factor only.
    const unverified = await startPasskeyRegistration(new Headers({ cookie: admin }), userId)
    await expect(
      addPasskey(new Headers({ cookie: withCookies(admin, unverified.setCookies) }), {
        name: 'Sans vérification',
        response: device.register(unverified.options as unknown as PublicKeyCredentialCreationOptionsJSON, {
          userVerified: false,
        }),
      }),
    ).rejects.toThrow(refusal)
    const elsewhere = createTestAuthenticator('https://ailleurs.example')
    await expect(
      addPasskey(new Headers({ cookie: withCookies(admin, started.setCookies) }), {
        name: 'Autre origine',
        response: elsewhere.register(options),
      }),
    ).rejects.toThrow(refusal)
    // That attempt spent the challenge: the right answer comes too late.
    await expect(
      addPasskey(new Headers({ cookie: withCookies(admin, started.setCookies) }), {
        name: 'Trop tard',
        response: device.register(options),
      }),
    ).rejects.toThrow(refusal)

    const unnamed = await profile.post({ intent: 'add-passkey', name: ' ', response: '{}' })
    expect(unnamed.status).toBe(400)
    expect(unnamed.body.fieldErrors?.name).toEqual(['Veuillez nommer la clé d’accès'])
    expect(await getDb().select().from(passkey)).toEqual([])
  })

  it(`stops at ${MAX_PASSKEYS} passkeys per account`, async () => {
    const userId = await idOf('admin@exemple.fr')
    await getDb()
      .insert(passkey)
      .values(
        Array.from({ length: MAX_PASSKEYS }, (_, index) => ({
          id: `p${index}`,
          name: `Clé ${index}`,
          publicKey: 'cle',
          userId,
          credentialID: `c${index}`,
          counter: 0,
          deviceType: 'singleDevice',
          backedUp: false,
        })),
      )
    const refused = await startPasskeyRegistration(new Headers({ cookie: admin }), userId).catch(
      (error) => error,
    )
    expect(refused).toBeInstanceOf(UseCaseError)
    expect((refused as UseCaseError).kind).toBe('conflict')
    expect(await listAccountPasskeys(userId)).toHaveLength(MAX_PASSKEYS)
  })
})

describe('passkey sign-in (issue #37 §3)', () => {
  it('opens a session marked as a passkey sign-in, noted as a device, which meets the required second factor', async () => {
    await register(admin)
    // The account has signed in from one device only: Firefox on Linux.
    const adminId = await idOf('admin@exemple.fr')
    await getDb().delete(appareilsConnus)
    await getDb().insert(appareilsConnus).values({ user_id: adminId, appareil: 'Firefox sur Linux' })
    const result = await passkeySignIn()
    if (!result.ok) throw new Error(result.message)
    const cookie = withCookies('', result.setCookies)
    const signedIn = await (await getAuth()).api.getSession({ headers: new Headers({ cookie }) })
    expect(signedIn?.user.email).toBe('admin@exemple.fr')
    expect(signedIn?.session).toMatchObject({
      parCleAcces: true,
      userAgent: CHROME,
      ipAddress: '203.0.113.9',
    })
    // A new device, as for a password: noted, and « Nouvelle connexion à votre compte ».
    expect(
      (await getDb().select({ appareil: appareilsConnus.appareil }).from(appareilsConnus))
        .map((one) => one.appareil)
        .sort(),
    ).toEqual(['Chrome sur Windows', 'Firefox sur Linux'])
    const [mail, ...more] = await getDb()
      .select()
      .from(emailsSortants)
      .where(eq(emailsSortants.modele, 'new-device'))
    expect(more).toEqual([])
    expect(mail).toMatchObject({
      destinataire: 'admin@exemple.fr',
      sujet: 'Nouvelle connexion à votre compte',
    })
    expect(mail?.texte).toContain('Chrome sur Windows')

    // The settings require a second factor; the account has no TOTP: the password's session is
    // held on /admin/profil, the passkey's goes everywhere.
    await requireSecondFactorOfAdmins()
    expect(await adminScreenReachedBy(admin)).toBe('/admin/profil')
    expect(await adminScreenReachedBy(cookie)).toBe('ok')
    const stored = await getDb()
      .select({ ip: session.ipAddress, parCleAcces: session.parCleAcces })
      .from(session)
    expect(stored.filter((one) => one.parCleAcces)).toEqual([{ ip: '203.0.113.9', parCleAcces: true }])
  })

  it('refuses a device that did not verify its user, an unknown key and a deleted one; no session starts', async () => {
    await register(admin)
    const sessions = async () => (await getDb().select({ id: session.id }).from(session)).length
    const before = await sessions()
    expect(await passkeySignIn({ userVerified: false })).toEqual({
      ok: false,
      status: 401,
      message: PASSKEY_SIGN_IN_REFUSED,
    })
    // A key made for this site but never registered with it.
    const stranger = createTestAuthenticator(getEnv().SITE_URL_RESOLVED)
    const registration = await startPasskeyRegistration(
      new Headers({ cookie: admin }),
      await idOf('admin@exemple.fr'),
    )
    stranger.register(registration.options as unknown as PublicKeyCredentialCreationOptionsJSON)
    const started = await startPasskeySignIn('203.0.113.9')
    if (!started) throw new Error('trop de tentatives')
    const unknown = await signInWithPasskey({
      response: stranger.signIn(started.options as unknown as PublicKeyCredentialRequestOptionsJSON),
      headers: new Headers({ cookie: withCookies('', started.setCookies) }),
      clientIp: '203.0.113.9',
    })
    expect(unknown).toMatchObject({ ok: false, status: 401 })
    expect(await sessions()).toBe(before)

    const [key] = await listAccountPasskeys(await idOf('admin@exemple.fr'))
    await deleteAccountPasskey(await idOf('admin@exemple.fr'), key?.id ?? '')
    expect(await passkeySignIn()).toMatchObject({ ok: false, status: 401, message: PASSKEY_SIGN_IN_REFUSED })
    expect(await sessions()).toBe(before)
  })

  it('answers JSON on /auth/cle-acces: the options, then the session cookies; a malformed answer is a 400, too many starts a 429', async () => {
    await register(admin)
    const post = (fields: Record<string, string>, cookie = '') =>
      signInAction({
        request: new Request('http://localhost:3000/auth/cle-acces', {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { cookie, 'user-agent': CHROME },
        }),
        params: {},
        context: { cspNonce: 'n', clientIp: '198.51.100.4' },
      } as never) as Promise<Response>
    const first = await post({ etape: 'options' })
    const { options } = (await first.json()) as { options: PublicKeyCredentialRequestOptionsJSON }
    expect(options.rpId).toBe(new URL(getEnv().SITE_URL_RESOLVED).hostname)
    expect(options.userVerification).toBe('preferred')
    const challenge = withCookies('', first.headers.getSetCookie())

    const malformed = await post({ etape: 'connexion', response: '{pas du json' }, challenge)
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({
      ok: false,
      message: 'La connexion avec une clé d’accès a échoué.',
    })

    const second = await post(
      { etape: 'connexion', response: JSON.stringify(device.signIn(options)) },
      challenge,
    )
    expect(second.status).toBe(200)
    expect(await second.json()).toEqual({ ok: true })
    const cookie = withCookies('', second.headers.getSetCookie())
    expect((await (await getAuth()).api.getSession({ headers: new Headers({ cookie }) }))?.user.email).toBe(
      'admin@exemple.fr',
    )

    // Each start stores a challenge: 30 per 15 minutes per address.
    for (let started = 1; started < 30; started++) expect((await post({ etape: 'options' })).status).toBe(200)
    const over = await post({ etape: 'options' })
    expect(over.status).toBe(429)
    expect(await over.json()).toEqual({
      ok: false,
      message: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
    })
  })
})

describe('the account’s passkeys list and deletion (issue #37 §3)', () => {
  it('lists only the account’s own keys; deletes only its own; they go with their account', async () => {
    const other = await signedInCookie('user', 'autre@exemple.fr')
    const mine = await register(admin, 'Ordinateur')
    const theirs = await register(other, 'Le leur')
    const adminId = await idOf('admin@exemple.fr')
    expect((await listAccountPasskeys(adminId)).map((one) => one.name)).toEqual(['Ordinateur'])

    // Through the screen: another account's key is « gone » for this one, and stays.
    const foreign = await profile.post({ intent: 'delete-passkey', id: theirs })
    expect(foreign.status).toBe(404)
    expect(foreign.body.toast.description).toBe(
      'Impossible de supprimer la clé d’accès. Cette clé d’accès n’existe plus.',
    )
    expect(await listAccountPasskeys(await idOf('autre@exemple.fr'))).toHaveLength(1)

    const own = await profile.post({ intent: 'delete-passkey', id: mine })
    expect(own.status).toBe(200)
    expect(own.body.toast).toMatchObject({ title: 'Clé d’accès supprimée' })
    expect(await listAccountPasskeys(adminId)).toEqual([])
    await expect(deleteAccountPasskey(adminId, mine)).rejects.toThrow('Cette clé d’accès n’existe plus.')

    // Deleting an account deletes its passkeys.
    await deleteUser({ id: await idOf('autre@exemple.fr'), actorId: adminId })
    expect(await getDb().select().from(passkey)).toEqual([])
  })
})
