import { z } from 'zod'
import { getAuth } from '#app/auth.server'
import { logger } from '#app/logger.server'
import { createRateLimit } from '#app/services/rate-limit.server'

/** French texts of the reset request (public spec §8 "Reset"; DESIGN.md §5 "Abuse"). */
export const PASSWORD_RESET_REQUEST_MESSAGES = {
  sentTitle: 'Email envoyé',
  /** The same sentence whether or not an account exists for the address. */
  sentDescription: 'Vérifiez votre email pour réinitialiser votre mot de passe.',
  missingEmail: 'Veuillez saisir votre email',
  invalidEmail: 'Veuillez saisir une adresse email valide',
  tooManyRequests: 'Trop de demandes de réinitialisation. Veuillez réessayer dans quelques minutes.',
} as const

/** Reset requests per client IP: 5 per 15 minutes. */
const perIpLimit = createRateLimit({ keyPrefix: 'password-reset-ip', points: 5, durationSeconds: 900 })
/** Reset requests per address, whatever the IP (nobody floods a mailbox): 3 per hour. */
const perEmailLimit = createRateLimit({ keyPrefix: 'password-reset-email', points: 3, durationSeconds: 3600 })

/**
 * Every answer takes at least this long, in ms, so that the time does not tell whether an
 * account exists (an existing one costs a token write, a render and an outbox write).
 */
export const PASSWORD_RESET_MIN_DURATION_MS = 1000

const emailSchema = z
  .string()
  .trim()
  .min(1, PASSWORD_RESET_REQUEST_MESSAGES.missingEmail)
  .max(254, PASSWORD_RESET_REQUEST_MESSAGES.invalidEmail)
  .email(PASSWORD_RESET_REQUEST_MESSAGES.invalidEmail)

export type PasswordResetRequestResult =
  | { ok: true }
  | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number }

/**
 * Asks for a password-reset link (public spec §2 "/auth" mode 'Mot de passe oublié ?'): after our
 * own rate limits (per IP, then per address), better-auth stores a one-hour single-use token and —
 * only when an account has that address — `sendResetPassword` writes the e-mail to the outbox.
 * The answer is `{ ok: true }` in both cases and is padded to `minDurationMs`, so neither the
 * answer nor its timing reveals whether the account exists. An unexpected failure is logged and
 * answered like a success for the same reason.
 *
 * @param input.email - the address typed on /auth (trimmed and lower-cased here).
 * @param input.clientIp - the client's IP from the server's load context.
 * @param options.minDurationMs - minimum duration of the call, in ms (default {@link PASSWORD_RESET_MIN_DURATION_MS}).
 * @returns `{ ok: true }`, or a French message with status 400 (invalid address) or 429 (limit
 *   reached, with the wait in seconds).
 */
export async function requestPasswordReset(
  input: { email: unknown; clientIp: string },
  options: { minDurationMs?: number } = {},
): Promise<PasswordResetRequestResult> {
  const startedAt = Date.now()
  const parsed = emailSchema.safeParse(typeof input.email === 'string' ? input.email : '')
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      message: parsed.error.issues[0]?.message ?? PASSWORD_RESET_REQUEST_MESSAGES.invalidEmail,
    }
  }
  const email = parsed.data.toLowerCase()

  const byIp = await perIpLimit.consume(input.clientIp)
  const byEmail = byIp.allowed ? await perEmailLimit.consume(email) : byIp
  if (!byEmail.allowed) {
    return {
      ok: false,
      status: 429,
      message: PASSWORD_RESET_REQUEST_MESSAGES.tooManyRequests,
      retryAfterSeconds: byEmail.retryAfterSeconds,
    }
  }

  try {
    await (await getAuth()).api.requestPasswordReset({ body: { email } })
  } catch (error) {
    logger.error({ err: error }, 'Demande de réinitialisation du mot de passe impossible')
  }
  const remaining = (options.minDurationMs ?? PASSWORD_RESET_MIN_DURATION_MS) - (Date.now() - startedAt)
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining))
  return { ok: true }
}
