import { createRateLimit } from '#app/services/rate-limit.server'

/** Messages one IP address may send per window (DESIGN.md §5 "Abuse"). */
export const CONTACT_RATE_POINTS = 5
/** Window of the contact rate limit, in seconds (10 minutes). */
export const CONTACT_RATE_WINDOW_SECONDS = 600
/** Shown with status 429 when an address sent too many messages. */
export const CONTACT_RATE_LIMIT_MESSAGE =
  'Trop de messages envoyés. Veuillez réessayer dans quelques minutes.'

/** The contact form's limit: {@link CONTACT_RATE_POINTS} valid messages per IP per 10 minutes. */
export const contactRateLimit = createRateLimit({
  keyPrefix: 'contact',
  points: CONTACT_RATE_POINTS,
  durationSeconds: CONTACT_RATE_WINDOW_SECONDS,
})
