import { createPersonLimits, type RateLimitResult } from '#app/services/rate-limit.server'

/** Messages one address may send from one client address per 10 minutes (DESIGN.md §5 "Abuse"). */
export const CONTACT_PAIR_LIMIT = { points: 5, durationSeconds: 600 } as const
/** Messages signed with one e-mail address, whatever the client address, per hour. */
export const CONTACT_EMAIL_LIMIT = { points: 5, durationSeconds: 3600 } as const
/** The looser ceiling per client address (an office, a family): 20 messages per 10 minutes. */
export const CONTACT_CLIENT_LIMIT = { points: 20, durationSeconds: 600 } as const
/** Shown with status 429 when an address sent too many messages. */
export const CONTACT_RATE_LIMIT_MESSAGE =
  'Trop de messages envoyés. Veuillez réessayer dans quelques minutes.'

const contactLimits = createPersonLimits({
  keyPrefix: 'contact',
  pair: CONTACT_PAIR_LIMIT,
  email: CONTACT_EMAIL_LIMIT,
  client: CONTACT_CLIENT_LIMIT,
})

/**
 * Takes one attempt from the contact form's limits (DESIGN.md §5 "Abuse"; issue #36 §6, decision
 * 038): per client address + e-mail address pair, per e-mail address, and a looser ceiling per
 * client address. For the contact action, after validation (refused forms do not count); answer a
 * refusal with {@link CONTACT_RATE_LIMIT_MESSAGE}, 429 and `Retry-After`.
 *
 * @param clientIp - as given by the server's load context.
 * @param email - the validated address of the form.
 * @returns whether the message may be stored and, if not, the wait in seconds.
 */
export function consumeContactQuota(clientIp: string, email: string): Promise<RateLimitResult> {
  return contactLimits.consume(clientIp, email.trim().toLowerCase())
}
