import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { emailsSortants, verification } from '#app/db/schema'
import { withAdminAccount } from '#tests/support/sessions'
import { PASSWORD_RESET_SUBJECT } from './queue-password-reset-email.server'
import { PASSWORD_RESET_REQUEST_MESSAGES, requestPasswordReset } from './request-password-reset.server'

const NO_PADDING = { minDurationMs: 0 }

beforeEach(() => withAdminAccount())

describe('requestPasswordReset', () => {
  it('queues a French e-mail with a /auth/callback link for an existing account', async () => {
    const result = await requestPasswordReset(
      { email: ' Claire@Exemple.fr ', clientIp: '203.0.113.1' },
      NO_PADDING,
    )
    expect(result).toEqual({ ok: true })
    const mails = await getDb().select().from(emailsSortants)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.destinataire).toBe('claire@exemple.fr')
    expect(mail?.modele).toBe('password-reset')
    expect(mail?.sujet).toBe(PASSWORD_RESET_SUBJECT)
    expect(mail?.texte).toMatch(/http:\/\/localhost:3000\/auth\/callback\?token=[A-Za-z0-9]{24}/)
    expect(mail?.html).toContain('Choisir un nouveau mot de passe')
  })

  it('stores the token hashed: the link is not readable from the database', async () => {
    await requestPasswordReset({ email: 'claire@exemple.fr', clientIp: '203.0.113.1' }, NO_PADDING)
    const [mail] = await getDb().select().from(emailsSortants)
    const token = mail?.texte.match(/token=([A-Za-z0-9]+)/)?.[1] ?? ''
    expect(token).toHaveLength(24)
    const rows = await getDb().select().from(verification)
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('answers the same for an unknown address and queues nothing', async () => {
    const result = await requestPasswordReset(
      { email: 'personne@exemple.fr', clientIp: '203.0.113.1' },
      NO_PADDING,
    )
    expect(result).toEqual({ ok: true })
    expect(await getDb().select().from(emailsSortants)).toHaveLength(0)
    expect(await getDb().select().from(verification)).toHaveLength(0)
  })

  it('takes at least the minimum duration whether or not the account exists', async () => {
    const timed = async (email: string) => {
      const start = performance.now()
      await requestPasswordReset({ email, clientIp: '203.0.113.1' }, { minDurationMs: 400 })
      return performance.now() - start
    }
    const known = await timed('claire@exemple.fr')
    const unknown = await timed('personne@exemple.fr')
    expect(known).toBeGreaterThanOrEqual(395)
    expect(unknown).toBeGreaterThanOrEqual(395)
  })

  it('refuses an invalid address with a French message', async () => {
    expect(await requestPasswordReset({ email: '', clientIp: '203.0.113.1' }, NO_PADDING)).toEqual({
      ok: false,
      status: 400,
      message: PASSWORD_RESET_REQUEST_MESSAGES.missingEmail,
    })
    expect(await requestPasswordReset({ email: 'claire', clientIp: '203.0.113.1' }, NO_PADDING)).toEqual({
      ok: false,
      status: 400,
      message: PASSWORD_RESET_REQUEST_MESSAGES.invalidEmail,
    })
  })

  it('limits requests per address (3 per hour), whatever the IP', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        await requestPasswordReset({ email: 'claire@exemple.fr', clientIp: `203.0.113.${i}` }, NO_PADDING),
      ).toEqual({
        ok: true,
      })
    }
    const refused = await requestPasswordReset(
      { email: 'claire@exemple.fr', clientIp: '203.0.113.9' },
      NO_PADDING,
    )
    expect(refused).toMatchObject({
      ok: false,
      status: 429,
      message: PASSWORD_RESET_REQUEST_MESSAGES.tooManyRequests,
    })
    expect(await getDb().select().from(emailsSortants)).toHaveLength(3)
  })

  it('limits requests per IP (5 per 15 minutes), whatever the address', async () => {
    for (let i = 0; i < 5; i++) {
      await requestPasswordReset({ email: `personne${i}@exemple.fr`, clientIp: '198.51.100.4' }, NO_PADDING)
    }
    const refused = await requestPasswordReset(
      { email: 'claire@exemple.fr', clientIp: '198.51.100.4' },
      NO_PADDING,
    )
    expect(refused).toMatchObject({ ok: false, status: 429 })
    expect(await getDb().select().from(emailsSortants)).toHaveLength(0)
  })
})
