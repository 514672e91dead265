import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getAuth } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { emailsSortants, session, verification } from '#app/db/schema'
import { withAdminAccount } from '#tests/support/sessions'
import { requestPasswordReset } from './request-password-reset.server'
import { isResetTokenValid, RESET_PASSWORD_MESSAGES, resetPassword } from './reset-password.server'

const OLD_PASSWORD = 'un-mot-de-passe-long'
const NEW_PASSWORD = 'nouveau-mot-de-passe-solide'
const clientIp = '203.0.113.5'

/** Submits the reset form with `token` and `password` typed twice, from {@link clientIp}. */
const resetWith = (token: string, password = NEW_PASSWORD) =>
  resetPassword({ token, password, confirmation: password, clientIp })

async function canSignIn(password: string): Promise<boolean> {
  const response = await (await getAuth()).api.signInEmail({
    body: { email: 'claire@exemple.fr', password },
    asResponse: true,
  })
  return response.status === 200
}

/** Asks for a reset and returns the token of the link in the queued e-mail. */
async function tokenFromEmail(): Promise<string> {
  await requestPasswordReset({ email: 'claire@exemple.fr', clientIp }, { minDurationMs: 0 })
  const [mail] = await getDb()
    .select()
    .from(emailsSortants)
    .where(eq(emailsSortants.modele, 'password-reset'))
  const token = mail?.texte.match(/\/auth\/callback\?token=([A-Za-z0-9]+)/)?.[1]
  if (!token) throw new Error('pas de lien dans le courriel')
  return token
}

beforeEach(() => withAdminAccount({ password: OLD_PASSWORD }))

describe('resetPassword', () => {
  it('changes the password, signs the account in and ends its other sessions', async () => {
    expect(await canSignIn(OLD_PASSWORD)).toBe(true)
    const token = await tokenFromEmail()
    expect(await isResetTokenValid(token)).toBe(true)

    const result = await resetWith(token)
    expect(result.ok).toBe(true)
    const cookies = result.ok ? result.setCookies.join('; ') : ''
    expect(cookies).toMatch(/better-auth\.session_token=/)

    expect(await canSignIn(OLD_PASSWORD)).toBe(false)
    expect(await canSignIn(NEW_PASSWORD)).toBe(true)
    // The session opened before the reset is gone: only the reset's own sign-in and the check above remain.
    const token0 = cookies.match(/better-auth\.session_token=([^.;]+)/)?.[1]
    const sessions = await getDb().select().from(session)
    expect(sessions).toHaveLength(2)
    expect(sessions.map((row) => row.token)).toContain(token0)
  })

  it('uses a token only once', async () => {
    const token = await tokenFromEmail()
    expect((await resetWith(token)).ok).toBe(true)
    expect(await isResetTokenValid(token)).toBe(false)
    const again = await resetWith(token, 'encore-un-autre-mot-de-passe')
    expect(again).toEqual({
      ok: false,
      status: 400,
      message: RESET_PASSWORD_MESSAGES.invalidToken,
      field: 'token',
    })
    expect(await canSignIn(NEW_PASSWORD)).toBe(true)
  })

  it('refuses an unknown or expired token with the French message', async () => {
    expect(await resetWith('inconnu')).toEqual({
      ok: false,
      status: 400,
      message: RESET_PASSWORD_MESSAGES.invalidToken,
      field: 'token',
    })
    const token = await tokenFromEmail()
    await getDb()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
    expect(await isResetTokenValid(token)).toBe(false)
    const expired = await resetWith(token)
    expect(expired).toMatchObject({ ok: false, message: RESET_PASSWORD_MESSAGES.invalidToken })
    expect(await canSignIn(OLD_PASSWORD)).toBe(true)
  })

  it('refuses a short password or a different confirmation, and keeps the token usable', async () => {
    const token = await tokenFromEmail()
    expect(await resetWith(token, 'court')).toEqual({
      ok: false,
      status: 400,
      message: 'Le mot de passe doit contenir au moins 10 caractères',
      field: 'password',
    })
    expect(
      await resetPassword({ token, password: NEW_PASSWORD, confirmation: `${NEW_PASSWORD}x`, clientIp }),
    ).toMatchObject({ ok: false, message: 'Les mots de passe ne correspondent pas' })
    expect(await canSignIn(OLD_PASSWORD)).toBe(true)
    expect(await isResetTokenValid(token)).toBe(true)
  })

  it('limits submissions per IP', async () => {
    for (let i = 0; i < 10; i++) {
      await resetWith(`faux-${i}`)
    }
    expect(await resetWith('faux')).toMatchObject({
      ok: false,
      status: 429,
      message: RESET_PASSWORD_MESSAGES.tooManyAttempts,
    })
  })
})
