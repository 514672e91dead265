import type { AuthenticationResponseJSON } from '@simplewebauthn/browser'
import { getAuth, withClientIp } from '#app/auth.server'
import { answerOf } from '#app/services/auth/auth-answer.server'
import { upgradeOriginalPassword } from '#app/services/auth/original-password.server'
import type { PasskeyCeremony } from '#app/services/auth/passkeys.server'
import { createRateLimit } from '#app/services/rate-limit.server'

/** Failed sign-in attempts per client IP: 10 per 15 minutes (DESIGN.md §5 "Abuse"). */
const perIpLimit = createRateLimit({ keyPrefix: 'sign-in-ip', points: 10, durationSeconds: 900 })
/** The answer past the limits (429). */
export const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.'
/** Failed sign-in attempts per e-mail address, whatever the IP: 5 per 15 minutes. */
const perEmailLimit = createRateLimit({ keyPrefix: 'sign-in-email', points: 5, durationSeconds: 900 })

export type SignInResult =
  | { ok: true; setCookies: string[]; needsSecondFactor: boolean }
  | { ok: false; status: 401 | 429; message: string }

/**
 * Signs in with e-mail and password through better-auth (public spec §2 "/auth"), after our own
 * rate limits (better-auth's limiter does not apply to server-side calls), which count failed
 * attempts only: 10 per 15 min per IP, 5 per 15 min per address. An account imported from the
 * original site (bcrypt hash) has its hash replaced by Encre's on this first successful sign-in.
 *
 * When the account has a second factor (issue #37 §3), no session starts yet: `needsSecondFactor`
 * is true and the cookies are better-auth's two-factor cookie, for `verifySecondFactor`.
 *
 * @returns the session cookies to set, or a French message: wrong credentials (401, the same text
 *   whether or not the account exists) or too many attempts (429).
 */
export async function signIn(input: {
  email: string
  password: string
  clientIp: string
  /** The browser's `User-Agent`, stored with the session (the profile's device). */
  userAgent?: string | null
}): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase()
  const [byIp, byEmail] = await Promise.all([
    perIpLimit.consume(input.clientIp),
    perEmailLimit.consume(email),
  ])
  if (!byIp.allowed || !byEmail.allowed) {
    return {
      ok: false,
      status: 429,
      message: TOO_MANY_ATTEMPTS,
    }
  }
  const response = await (await getAuth()).api.signInEmail({
    body: { email, password: input.password },
    headers: withClientIp(input.userAgent ? { 'user-agent': input.userAgent } : {}, input.clientIp),
    asResponse: true,
  })
  if (response.status !== 200) return { ok: false, status: 401, message: 'Email ou mot de passe incorrect' }
  // Only failed attempts count: an artist signing in often is never locked out.
  await Promise.all([perIpLimit.refund(input.clientIp), perEmailLimit.refund(email)])
  // An account imported from the original site gets Encre's password hash now (issue #33 §4).
  await upgradeOriginalPassword(email, input.password)
  const body = (await response.json().catch(() => null)) as { twoFactorRedirect?: unknown } | null
  return {
    ok: true,
    setCookies: response.headers.getSetCookie(),
    needsSecondFactor: body?.twoFactorRedirect === true,
  }
}

/**
 * Passkey sign-ins started per client address: 30 per 15 minutes (each stores a five-minute
 * challenge, so what an anonymous client can make the server keep stays bounded).
 */
const passkeyStartLimit = createRateLimit({ keyPrefix: 'passkey-start-ip', points: 30, durationSeconds: 900 })

/**
 * First step of a passkey sign-in (issue #37 §3): WebAuthn request options for any passkey of
 * this site (discoverable credentials: no address is typed), and better-auth's challenge cookie.
 *
 * @param clientIp - the client's address ({@link passkeyStartLimit}).
 * @returns the {@link PasskeyCeremony}, or null past the limit (429, {@link TOO_MANY_ATTEMPTS}).
 */
export async function startPasskeySignIn(clientIp: string): Promise<PasskeyCeremony | null> {
  if (!(await passkeyStartLimit.consume(clientIp)).allowed) return null
  const answer = await answerOf(
    await (await getAuth()).api.generatePasskeyAuthenticationOptions({
      headers: new Headers(),
      asResponse: true,
    }),
  )
  if (answer.status !== 200 || !answer.body) throw new Error(`Options de clé d’accès : ${answer.status}`)
  return { options: answer.body, setCookies: answer.setCookies }
}

/** The refusal of a passkey that does not sign in (unknown, deleted, or not verified). */
export const PASSKEY_SIGN_IN_REFUSED =
  'Cette clé d’accès n’a pas permis de vous connecter : elle a peut-être été supprimée de votre compte, ou votre appareil n’a pas vérifié votre identité.'

/**
 * Second step of a passkey sign-in: better-auth checks the authenticator's answer against the
 * challenge cookie of {@link startPasskeySignIn}, the site's origin, the stored public key and the
 * user verification, then opens a session marked `parCleAcces` (app/auth.server.ts), which meets
 * the settings' second-factor requirement: a passkey with user verification is two factors.
 * Failed attempts count against the same per-address limit as the password's.
 *
 * @param input.response - the browser's `AuthenticationResponseJSON`.
 * @param input.headers - the request's headers (the challenge cookie, the user agent).
 * @param input.clientIp - the client's address.
 * @returns the session cookies, or a French message (401 refused, 429 too many attempts).
 */
export async function signInWithPasskey(input: {
  response: AuthenticationResponseJSON
  headers: Headers
  clientIp: string
}): Promise<{ ok: true; setCookies: string[] } | { ok: false; status: 401 | 429; message: string }> {
  const limit = await perIpLimit.consume(input.clientIp)
  if (!limit.allowed)
    return {
      ok: false,
      status: 429,
      message: TOO_MANY_ATTEMPTS,
    }
  const answer = await answerOf(
    await (await getAuth()).api.verifyPasskeyAuthentication({
      body: { response: input.response },
      headers: withClientIp(input.headers, input.clientIp),
      asResponse: true,
    }),
  )
  if (answer.status !== 200) return { ok: false, status: 401, message: PASSKEY_SIGN_IN_REFUSED }
  await perIpLimit.refund(input.clientIp)
  return { ok: true, setCookies: answer.setCookies }
}
