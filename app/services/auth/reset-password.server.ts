import { getAuth, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#app/auth.server'
import { logger } from '#app/logger.server'
import { createRateLimit } from '#app/services/rate-limit.server'

/** French texts of the new-password form on /auth/callback. */
export const RESET_PASSWORD_MESSAGES = {
  invalidToken: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  missingPassword: 'Veuillez saisir un nouveau mot de passe',
  tooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  tooLong: `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères`,
  mismatch: 'Les mots de passe ne correspondent pas',
  tooManyAttempts: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
} as const

/** Submissions of the new-password form per client IP: 10 per 15 minutes. */
const perIpLimit = createRateLimit({ keyPrefix: 'reset-password-ip', points: 10, durationSeconds: 900 })

/** Longest token we look up, in characters (better-auth issues 24). */
const MAX_TOKEN_LENGTH = 200

function identifierOf(token: string): string {
  return `reset-password:${token}`
}

async function findResetUserId(token: string): Promise<string | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null
  const context = await (await getAuth()).$context
  const verification = await context.internalAdapter.findVerificationValue(identifierOf(token))
  if (!verification || verification.expiresAt < new Date()) return null
  return verification.value
}

/**
 * Whether a reset link's token can still be used (exists, not used, not expired), so /auth/callback
 * shows the form or the French error at once.
 *
 * @param token - the `token` query parameter of the link.
 */
export async function isResetTokenValid(token: string): Promise<boolean> {
  return (await findResetUserId(token)) !== null
}

/**
 * Checks a new password typed twice, with the limits of the better-auth configuration.
 * @returns the French message of the first problem, or null when acceptable.
 */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length === 0) return RESET_PASSWORD_MESSAGES.missingPassword
  if (password.length < PASSWORD_MIN_LENGTH) return RESET_PASSWORD_MESSAGES.tooShort
  if (password.length > PASSWORD_MAX_LENGTH) return RESET_PASSWORD_MESSAGES.tooLong
  if (password !== confirmation) return RESET_PASSWORD_MESSAGES.mismatch
  return null
}

export type ResetPasswordResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; status: 400 | 429 | 500; message: string; field?: 'password' | 'token' }

/**
 * Sets a new password from a reset link (public spec §2 "/auth/callback", §7 "Authentication"),
 * then signs the account in. better-auth spends the single-use token, revokes every session of
 * the account and stores the new hash in one transaction.
 *
 * @param input.token - the link's token.
 * @param input.password - the new password; `input.confirmation` must be equal.
 * @param input.clientIp - the client's IP, for the per-IP limit.
 * @returns the session cookies of the new sign-in, or a French message: 400 (bad password or
 *   unusable token, `field` says which), 429 (too many attempts), 500 (unexpected failure).
 */
export async function resetPassword(input: {
  token: string
  password: string
  confirmation: string
  clientIp: string
}): Promise<ResetPasswordResult> {
  const limit = await perIpLimit.consume(input.clientIp)
  if (!limit.allowed) return { ok: false, status: 429, message: RESET_PASSWORD_MESSAGES.tooManyAttempts }

  const userId = await findResetUserId(input.token)
  if (!userId)
    return { ok: false, status: 400, message: RESET_PASSWORD_MESSAGES.invalidToken, field: 'token' }
  const problem = newPasswordProblem(input.password, input.confirmation)
  if (problem) return { ok: false, status: 400, message: problem, field: 'password' }

  const auth = await getAuth()
  const context = await auth.$context
  const target = await context.internalAdapter.findUserById(userId)
  const reset = await auth.api.resetPassword({
    body: { token: input.token, newPassword: input.password },
    asResponse: true,
  })
  if (reset.status !== 200 || !target) {
    // Spent by a concurrent submission, or expired in between.
    return { ok: false, status: 400, message: RESET_PASSWORD_MESSAGES.invalidToken, field: 'token' }
  }
  const signIn = await auth.api.signInEmail({
    body: { email: target.email, password: input.password },
    asResponse: true,
  })
  if (signIn.status !== 200) {
    logger.error({ status: signIn.status, userId }, 'Connexion impossible après la réinitialisation')
    return { ok: false, status: 500, message: RESET_PASSWORD_MESSAGES.failure }
  }
  return { ok: true, setCookies: signIn.headers.getSetCookie() }
}
