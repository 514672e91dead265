import { getAuth, withClientIp } from '#app/auth.server'
import { upgradeOriginalPassword } from '#app/services/auth/original-password.server'
import { createRateLimit } from '#app/services/rate-limit.server'

/** Failed sign-in attempts per client IP: 10 per 15 minutes (DESIGN.md §5 "Abuse"). */
const perIpLimit = createRateLimit({ keyPrefix: 'sign-in-ip', points: 10, durationSeconds: 900 })
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
      message: 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.',
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
