import { logger } from '#app/logger.server'
import { createRateLimit, type RateLimitResult } from '#app/services/rate-limit.server'

/**
 * Validation e-mails (a bid's validation link or the access card's link) one IP may cause:
 * 5 per 10 minutes, both kinds together (issue #10 §1; DESIGN.md §5 "Abuse").
 */
const perIpLimit = createRateLimit({ keyPrefix: 'auction-validation-ip', points: 5, durationSeconds: 600 })
/** Validation e-mails one auction may send in total: 100 per hour, whoever asks (issue #10 §1). */
const perAuctionLimit = createRateLimit({
  keyPrefix: 'auction-validation-auction',
  points: 100,
  durationSeconds: 3600,
})

/**
 * Takes one validation e-mail from the per-IP limit (shared by bids and access-card requests).
 * @param clientIp - as given by the server's load context.
 */
export function consumeValidationEmailIpQuota(clientIp: string): Promise<RateLimitResult> {
  return perIpLimit.consume(clientIp)
}

/**
 * Takes one validation e-mail from the per-auction total.
 * @returns true when the auction may still send one (a refusal is logged).
 */
export async function consumeAuctionValidationQuota(enchereId: string): Promise<boolean> {
  const { allowed } = await perAuctionLimit.consume(enchereId)
  if (!allowed) logger.warn({ enchereId }, "E-mail de validation non envoyé : limite de l'enchère atteinte")
  return allowed
}

/**
 * Takes one validation e-mail of a bid from the limits (issue #10 §1): per client IP and in total
 * per auction, so nobody can make the site mail many strangers through bids. The bid's answer
 * does not change when this refuses: the e-mail is just not sent.
 *
 * @param clientIp - as given by the server's load context; `enchereId` - the auction.
 * @returns true when the e-mail may be sent.
 */
export async function consumeValidationEmailQuota(clientIp: string, enchereId: string): Promise<boolean> {
  const byIp = await consumeValidationEmailIpQuota(clientIp)
  if (!byIp.allowed) {
    logger.warn({ enchereId }, 'E-mail de validation non envoyé : limite par IP atteinte')
    return false
  }
  return consumeAuctionValidationQuota(enchereId)
}
