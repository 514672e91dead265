import { getAuth, withClientIp } from '#app/auth.server'
import { TWO_FACTOR_REQUIRED_SETTING_KEY } from '#app/lib/admin/settings-schema'
import { resolveAppearance } from '#app/lib/appearance'
import { refused } from '#app/lib/use-case-error'
import { answerOf } from '#app/services/auth/auth-answer.server'
import { createRateLimit } from '#app/services/rate-limit.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'

/**
 * The second factor of an account (issue #37 §3, decision 043): TOTP (an authenticator app's
 * six-digit code) with ten recovery codes, each working once — better-auth's `twoFactor` plugin,
 * called with the request's headers (the session cookie, or during sign-in the two-factor cookie).
 */

const WRONG_PASSWORD = 'Mot de passe incorrect.'
const WRONG_CODE = 'Code incorrect.'

/** Whether the site's settings require a second factor of administrators (setting 'oui'). */
export async function isSecondFactorRequired(): Promise<boolean> {
  return (await getSiteSettings())[TWO_FACTOR_REQUIRED_SETTING_KEY] === 'oui'
}

/** What an authenticator app needs, shown once at enrolment, and the recovery codes. */
export type TotpEnrolment = {
  /** `otpauth://totp/…` address (a link that opens the app on a phone). */
  totpUri: string
  /** The secret in base32, to type into the app by hand. */
  secret: string
  /** The recovery codes, each working once. */
  recoveryCodes: string[]
}

/**
 * Starts TOTP enrolment: better-auth makes a secret and the recovery codes; the second factor is
 * on only once a first code confirms it ({@link confirmTotp}).
 *
 * @param headers - the request's headers (the account's session).
 * @param password - the account's password, asked again.
 * @returns the {@link TotpEnrolment} to show once; the app names the account by the site's title.
 * @throws UseCaseError refused « Mot de passe incorrect. » for a wrong password.
 */
export async function startTotpEnrolment(headers: Headers, password: string): Promise<TotpEnrolment> {
  const { siteTitle: issuer } = resolveAppearance(await getSiteSettings())
  const answer = await answerOf(
    await (await getAuth()).api.enableTwoFactor({ headers, body: { password, issuer }, asResponse: true }),
  )
  const totpUri = answer.body?.totpURI
  const codes = answer.body?.backupCodes
  if (answer.status !== 200 || typeof totpUri !== 'string' || !Array.isArray(codes))
    throw refused(WRONG_PASSWORD, { password: [WRONG_PASSWORD] })
  return {
    totpUri,
    secret: new URL(totpUri).searchParams.get('secret') ?? '',
    recoveryCodes: codes.map(String),
  }
}

/**
 * Confirms TOTP enrolment with a first code of the app: the second factor is on from then.
 * better-auth replaces the session (the account's data changed): the new cookies are returned.
 *
 * @param headers - the request's headers (the account's session).
 * @param code - the six digits the app shows.
 * @returns the `Set-Cookie` headers to send back.
 * @throws UseCaseError refused « Code incorrect. ».
 */
export async function confirmTotp(headers: Headers, code: string): Promise<string[]> {
  const answer = await answerOf(
    await (await getAuth()).api.verifyTOTP({
      headers,
      body: { code: code.replace(/\s/g, '') },
      asResponse: true,
    }),
  )
  if (answer.status !== 200) throw refused(WRONG_CODE, { code: [WRONG_CODE] })
  return answer.setCookies
}

/**
 * Turns the second factor off, unless the settings require it of administrators.
 *
 * @param headers - the request's headers (the account's session).
 * @param password - the account's password, asked again.
 * @returns the `Set-Cookie` headers to send back (better-auth replaces the session).
 * @throws UseCaseError refused when required by the settings, or for a wrong password.
 */
export async function disableTotp(headers: Headers, password: string): Promise<string[]> {
  if (await isSecondFactorRequired())
    throw refused('La double authentification est obligatoire pour les administrateurs de ce site.')
  const answer = await answerOf(
    await (await getAuth()).api.disableTwoFactor({ headers, body: { password }, asResponse: true }),
  )
  if (answer.status !== 200) throw refused(WRONG_PASSWORD, { password: [WRONG_PASSWORD] })
  return answer.setCookies
}

/**
 * Replaces the recovery codes by ten new ones (the old ones stop working).
 *
 * @param headers - the request's headers (the account's session).
 * @param password - the account's password, asked again.
 * @returns the new codes, to show once.
 * @throws UseCaseError refused for a wrong password.
 */
export async function renewRecoveryCodes(headers: Headers, password: string): Promise<string[]> {
  const answer = await answerOf(
    await (await getAuth()).api.generateBackupCodes({ headers, body: { password }, asResponse: true }),
  )
  const codes = answer.body?.backupCodes
  if (answer.status !== 200 || !Array.isArray(codes))
    throw refused(WRONG_PASSWORD, { password: [WRONG_PASSWORD] })
  return codes.map(String)
}

/** Second-factor attempts per client address during sign-in: 10 per 15 minutes (better-auth also locks an account after 10). */
const perIpLimit = createRateLimit({ keyPrefix: 'second-factor-ip', points: 10, durationSeconds: 900 })

export type SecondFactorResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: 401 | 429; message: string }

/**
 * The second step of a sign-in (issue #37 §3): six digits are checked as a TOTP code, anything
 * else as a recovery code (which then stops working). The two-factor cookie better-auth set at the
 * first step says whose sign-in it is (10 minutes). Failed attempts are limited per address.
 *
 * @param input.code - what the person typed.
 * @param input.headers - the request's headers (the two-factor cookie).
 * @param input.clientIp - the client's address.
 * @returns the session cookies, or a French message (401 wrong or expired, 429 too many).
 */
export async function verifySecondFactor(input: {
  code: string
  headers: Headers
  clientIp: string
}): Promise<SecondFactorResult> {
  const code = input.code.replace(/\s/g, '')
  const limit = await perIpLimit.consume(input.clientIp)
  if (!limit.allowed)
    return {
      ok: false,
      status: 429,
      message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
    }
  const api = (await getAuth()).api
  const headers = withClientIp(input.headers, input.clientIp)
  const response = /^\d{6}$/.test(code)
    ? await api.verifyTOTP({ headers, body: { code }, asResponse: true })
    : await api.verifyBackupCode({ headers, body: { code }, asResponse: true })
  if (response.status !== 200)
    return {
      ok: false,
      status: 401,
      message: 'Code incorrect ou expiré. Vérifiez le code, ou reconnectez-vous.',
    }
  await perIpLimit.refund(input.clientIp)
  return { ok: true, setCookies: response.headers.getSetCookie() }
}
