import { createRateLimit, type RateLimitResult } from '#app/services/rate-limit.server'

/** Messages one IP address may send per window (DESIGN.md §5 "Abuse"). */
export const CONTACT_RATE_POINTS = 5
/** Window of the contact rate limit, in seconds (10 minutes). */
export const CONTACT_RATE_WINDOW_SECONDS = 600
/** Messages signed with one e-mail address, whatever the IP, per {@link CONTACT_EMAIL_RATE_WINDOW_SECONDS}. */
export const CONTACT_EMAIL_RATE_POINTS = 5
/** Window of the per-address limit, in seconds (one hour). */
export const CONTACT_EMAIL_RATE_WINDOW_SECONDS = 3600
/** Shown with status 429 when an address sent too many messages. */
export const CONTACT_RATE_LIMIT_MESSAGE =
  'Trop de messages envoyés. Veuillez réessayer dans quelques minutes.'

/** {@link CONTACT_RATE_POINTS} valid messages per IP per 10 minutes. */
const perIpLimit = createRateLimit({
  keyPrefix: 'contact',
  points: CONTACT_RATE_POINTS,
  durationSeconds: CONTACT_RATE_WINDOW_SECONDS,
})
/** {@link CONTACT_EMAIL_RATE_POINTS} valid messages per address per hour, so changing IPs does not help. */
const perEmailLimit = createRateLimit({
  keyPrefix: 'contact-email',
  points: CONTACT_EMAIL_RATE_POINTS,
  durationSeconds: CONTACT_EMAIL_RATE_WINDOW_SECONDS,
})

/**
 * Takes one attempt from the contact form's limits (DESIGN.md §5 "Abuse": per IP and per e-mail
 * address): the client's IP first, then the visitor's address (trimmed, lower-case). For the contact
 * action, after validation (refused forms do not count); answer a refusal with
 * {@link CONTACT_RATE_LIMIT_MESSAGE}, 429 and `Retry-After`.
 *
 * @param clientIp - as given by the server's load context.
 * @param email - the validated address of the form.
 * @returns whether the message may be stored and, if not, the wait in seconds.
 */
export async function consumeContactQuota(clientIp: string, email: string): Promise<RateLimitResult> {
  const byIp = await perIpLimit.consume(clientIp)
  if (!byIp.allowed) return byIp
  return perEmailLimit.consume(email.trim().toLowerCase())
}
