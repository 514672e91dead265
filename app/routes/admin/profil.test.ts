import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getAuth } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { appareilsConnus, emailsSortants, user } from '#app/db/schema'
import { signIn } from '#app/services/auth/sign-in.server'
import { verifySecondFactor } from '#app/services/auth/two-factor.server'
import { disableTwoFactor } from '#app/services/users/disable-two-factor.server'
import { adminRoute, adminScreenReachedBy } from '#tests/support/routes'
import { requireSecondFactorOfAdmins, TEST_PASSWORD } from '#tests/support/sessions'
import { action, loader } from './profil'

const { cookie, post, load } = adminRoute('/admin/profil', { action, loader })

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX = (version: string) =>
  `Mozilla/5.0 (X11; Linux x86_64; rv:${version}) Gecko/20100101 Firefox/${version}`

/** The Cookie header of these Set-Cookie headers. */
const cookieOf = (setCookies: ReadonlyArray<string>) =>
  setCookies.map((header) => header.split(';')[0]).join('; ')

/** Signs the test administrator in from a browser and an address: the session's Cookie header. */
async function signInFrom(userAgent: string, clientIp: string): Promise<string> {
  const result = await signIn({ email: 'admin@exemple.fr', password: TEST_PASSWORD, clientIp, userAgent })
  if (!result.ok || result.needsSecondFactor) throw new Error('connexion refusée')
  return cookieOf(result.setCookies)
}

/** Posts to the action as the holder of `as`, returning a redirect as it is. */
async function submit(fields: Record<string, string>, as: string = cookie()): Promise<unknown> {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return action({
    request: new Request('http://localhost:3000/admin/profil', {
      method: 'POST',
      body,
      headers: { cookie: as },
    }),
    params: {},
    context: { cspNonce: 'n', clientIp: '127.0.0.1' },
  } as never).catch((thrown: unknown) => thrown)
}

async function isSignedIn(as: string): Promise<boolean> {
  return (await (await getAuth()).api.getSession({ headers: new Headers({ cookie: as }) })) !== null
}

/** The TOTP code an authenticator app shows now for this base32 secret. */
const totpNow = (secret: string) => createOTP(base32.decode(secret), { digits: 6, period: 30 }).totp()

describe('/admin/profil sessions (issue #37 §3)', () => {
  it('lists each session with its device and network, the current one first, and mails a sign-in from a new device', async () => {
    // The kit's own sign-in may have noted a device: start from an account that has seen none.
    await getDb().delete(appareilsConnus)
    await signInFrom(CHROME, '198.51.100.20')
    const mails = () => getDb().select().from(emailsSortants).where(eq(emailsSortants.modele, 'new-device'))
    expect(await mails()).toEqual([])
    await signInFrom(FIREFOX('128.0'), '203.0.113.77')
    await signInFrom(FIREFOX('140.0'), '203.0.113.78')

    const [mail, ...more] = await mails()
    expect(more).toEqual([])
    expect(mail).toMatchObject({
      destinataire: 'admin@exemple.fr',
      sujet: 'Nouvelle connexion à votre compte',
    })
    expect(mail?.texte).toContain('Firefox sur Linux')
    expect(mail?.texte).toContain('Réseau 203.0.113.0/24')
    expect(mail?.texte).toContain('/admin/profil')

    const { sessions } = await load()
    expect(sessions[0]?.isCurrent).toBe(true)
    expect(
      sessions
        .map((one) => [one.device, one.place])
        .slice(1)
        .sort(),
    ).toEqual([
      ['Chrome sur Windows', 'Réseau 198.51.100.0/24'],
      ['Firefox sur Linux', 'Réseau 203.0.113.0/24'],
      ['Firefox sur Linux', 'Réseau 203.0.113.0/24'],
    ])
    expect(JSON.stringify(sessions)).not.toMatch(/203\.0\.113\.77|Mozilla/)
  })

  it('« Déconnecter » ends that session only; an unknown or foreign one answers 404', async () => {
    const firefox = await signInFrom(FIREFOX('128.0'), '203.0.113.77')
    const chrome = await signInFrom(CHROME, '198.51.100.20')
    const target = (await load()).sessions.find((one) => one.device === 'Firefox sur Linux')

    const answer = await post({ intent: 'revoke-session', id: target?.id ?? '' })
    expect(answer.status).toBe(200)
    expect(answer.body.toast).toMatchObject({ title: 'Appareil déconnecté' })
    expect(await isSignedIn(firefox)).toBe(false)
    expect(await isSignedIn(chrome)).toBe(true)
    expect(await isSignedIn(cookie())).toBe(true)

    const gone = await post({ intent: 'revoke-session', id: target?.id ?? '' })
    expect(gone.status).toBe(404)
    expect(gone.body.toast.description).toBe(
      'Impossible de déconnecter la session. Cette session n’existe plus.',
    )
  })

  it('« Déconnecter partout » ends every other session and keeps this one', async () => {
    const firefox = await signInFrom(FIREFOX('128.0'), '203.0.113.77')
    const chrome = await signInFrom(CHROME, '198.51.100.20')
    expect((await post({ intent: 'revoke-other-sessions' })).status).toBe(200)
    expect(await isSignedIn(firefox)).toBe(false)
    expect(await isSignedIn(chrome)).toBe(false)
    expect(await isSignedIn(cookie())).toBe(true)
    expect((await load()).sessions).toHaveLength(1)
  })
})

describe('/admin/profil second factor (issue #37 §3)', () => {
  /** Enrols TOTP for the test administrator: the secret, the recovery codes, the new Cookie header. */
  async function enrol(): Promise<{ secret: string; recoveryCodes: string[]; session: string }> {
    const started = await post({ intent: 'start-two-factor', password: TEST_PASSWORD })
    expect(started.status).toBe(200)
    const secret = started.body.shownOnce?.secret ?? ''
    const recoveryCodes = started.body.shownOnce?.recoveryCodes ?? []
    const confirmed = await submit({ intent: 'confirm-two-factor', code: await totpNow(secret) })
    if (!(confirmed instanceof Response))
      throw new Error(`confirmation refusée : ${JSON.stringify(confirmed)}`)
    expect(confirmed.headers.get('Location')).toBe('/admin/profil')
    return { secret, recoveryCodes, session: cookieOf(confirmed.headers.getSetCookie()) }
  }

  it('refuses a wrong password or a wrong first code, and turns nothing on', async () => {
    const wrong = await post({ intent: 'start-two-factor', password: 'pas le bon' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.fieldErrors?.password).toEqual(['Mot de passe incorrect.'])
    const started = await post({ intent: 'start-two-factor', password: TEST_PASSWORD })
    const code = await totpNow(started.body.shownOnce?.secret ?? '')
    const other = code === '123456' ? '654321' : '123456'
    expect((await post({ intent: 'confirm-two-factor', code: other })).status).toBe(400)
    const [stored] = await getDb()
      .select({ on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, 'admin@exemple.fr'))
    expect(stored?.on).toBe(false)
  })

  it('enrols with a code computed from the secret; sign-in then asks a code; a recovery code works once', async () => {
    const { secret, recoveryCodes } = await enrol()
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    const [stored] = await getDb()
      .select({ on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, 'admin@exemple.fr'))
    expect(stored?.on).toBe(true)

    const firstStep = async () => {
      const result = await signIn({
        email: 'admin@exemple.fr',
        password: TEST_PASSWORD,
        clientIp: '203.0.113.5',
      })
      if (!result.ok) throw new Error('mot de passe refusé')
      expect(result.needsSecondFactor).toBe(true)
      // No session yet: the cookie is the pending second step's only.
      expect(await isSignedIn(cookieOf(result.setCookies))).toBe(false)
      return new Headers({ cookie: cookieOf(result.setCookies) })
    }
    const second = (code: string, headers: Headers) =>
      verifySecondFactor({ code, headers, clientIp: '203.0.113.5' })

    const wrong = await second('000000' === (await totpNow(secret)) ? '111111' : '000000', await firstStep())
    expect(wrong).toMatchObject({ ok: false, status: 401 })

    const byApp = await second(await totpNow(secret), await firstStep())
    if (!byApp.ok) throw new Error(byApp.message)
    expect(await isSignedIn(cookieOf(byApp.setCookies))).toBe(true)

    const recovery = recoveryCodes[0] ?? ''
    const byRecovery = await second(recovery, await firstStep())
    if (!byRecovery.ok) throw new Error(byRecovery.message)
    expect(await isSignedIn(cookieOf(byRecovery.setCookies))).toBe(true)
    expect(await second(recovery, await firstStep())).toMatchObject({ ok: false, status: 401 })
  })

  it('npm run admin -- disable-two-factor removes a lost second factor: the password alone signs in again', async () => {
    await enrol()
    expect(await disableTwoFactor('Admin@Exemple.fr')).toEqual({
      email: 'admin@exemple.fr',
      hadSecondFactor: true,
    })
    const result = await signIn({
      email: 'admin@exemple.fr',
      password: TEST_PASSWORD,
      clientIp: '203.0.113.5',
    })
    expect(result).toMatchObject({ ok: true, needsSecondFactor: false })
    expect(await disableTwoFactor('admin@exemple.fr')).toEqual({
      email: 'admin@exemple.fr',
      hadSecondFactor: false,
    })
  })

  it('when the settings require it, sends an administrator without it to /admin/profil and refuses to turn it off', async () => {
    await requireSecondFactorOfAdmins()
    expect(await adminScreenReachedBy(cookie())).toBe('/admin/profil')
    expect((await load()).required).toBe(true)
    // Held there, the administrator can still sign out from this screen.
    const held = await signInFrom(CHROME, '192.0.2.10')
    const signedOut = await submit({ intent: 'sign-out' }, held)
    expect(signedOut).toBeInstanceOf(Response)
    expect((signedOut as Response).headers.get('Location')).toBe('/auth')
    expect(await isSignedIn(held)).toBe(false)

    const { session } = await enrol()
    expect(await adminScreenReachedBy(session)).toBe('ok')
    const refused = await submit({ intent: 'disable-two-factor', password: TEST_PASSWORD }, session)
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: {
        toast: {
          description: 'La double authentification est obligatoire pour les administrateurs de ce site.',
        },
      },
    })
  })
})
