import type { AuctionLimitsReport } from '#app/lib/auction-limits'
import { logger } from '#app/logger.server'
import {
  createProofOfWorkChallenge,
  type ProofOfWorkChallenge,
  verifyProofOfWork,
} from '#app/services/proof-of-work.server'
import { createPersonLimits, createRateLimit, networkOf } from '#app/services/rate-limit.server'

/**
 * The limits on validation e-mails (issue #37 §1, issue #36 §6, decision 040). No total that
 * strangers can spend: what a person asks is counted per e-mail address and per client address +
 * address pair (refused past the limit); what a place asks is counted per client address, per
 * network (/24, /64) and per auction, and past those a proof-of-work challenge is asked instead
 * of a refusal, so a real bidder behind a busy network, or during an attack on the auction, still
 * gets the link by solving it.
 */

/** Requests of one e-mail address from one client address: 3 per 10 minutes, then refused. */
export const PAIR_LIMIT = { points: 3, durationSeconds: 600 } as const
/** Requests of one e-mail address from anywhere: 5 per hour, then refused (nobody floods a mailbox). */
export const EMAIL_LIMIT = { points: 5, durationSeconds: 3600 } as const
/**
 * Validation e-mails from one client address (link requests and bids together) before a challenge
 * (a bid's e-mail is then not sent): 5 per 10 minutes.
 */
export const CLIENT_LOAD_LIMIT = { points: 5, durationSeconds: 600 } as const
/** From one network (/24, /64) before a challenge: 30 per 10 minutes. */
export const NETWORK_LOAD_LIMIT = { points: 30, durationSeconds: 600 } as const
/** For one auction, from everyone, before a challenge for everyone: 60 per 10 minutes. */
export const AUCTION_LOAD_LIMIT = { points: 60, durationSeconds: 600 } as const
/** Window of the counts shown to the artist, in seconds (one hour). */
const REPORT_WINDOW_SECONDS = 3600

const perPerson = createPersonLimits({ keyPrefix: 'auction-link', pair: PAIR_LIMIT, email: EMAIL_LIMIT })
const perClient = createRateLimit({ keyPrefix: 'auction-validation-ip', ...CLIENT_LOAD_LIMIT })
const perNetwork = createRateLimit({ keyPrefix: 'auction-validation-network', ...NETWORK_LOAD_LIMIT })
const perAuction = createRateLimit({ keyPrefix: 'auction-validation-auction', ...AUCTION_LOAD_LIMIT })

/** Counters for the artist's screen, per auction (points are never refused: counts only). */
const counter = (keyPrefix: string) =>
  createRateLimit({ keyPrefix, points: Number.MAX_SAFE_INTEGER, durationSeconds: REPORT_WINDOW_SECONDS })
const challengesAsked = counter('auction-challenges-asked')
const challengesSolved = counter('auction-challenges-solved')
const requestsRefused = counter('auction-link-refused')
const busyNetworks = counter('auction-busy-networks')

/** The verdict on a link request. */
export type LinkRequestVerdict =
  | { status: 'allowed' }
  /** Too many from this place or for this auction: send again with a solved challenge. */
  | { status: 'challenge'; challenge: ProofOfWorkChallenge }
  /** Too many for this address: nothing is sent; wait `retryAfterSeconds`. */
  | { status: 'refused'; retryAfterSeconds: number }

/**
 * Decides on a request for an auction's private link (the home card; issue #37 §1). First the
 * load: the client address, its network and the auction each take a point; when one is past its
 * limit a challenge is asked, unless `proof` is a solved, unused one ({@link verifyProofOfWork}).
 * Then the person: the address + client pair and the address alone take a point; past either the
 * request is refused. A challenge asked takes nothing from the person's counts.
 *
 * @param input.clientIp - as given by the server's load context (TRUST_PROXY applied).
 * @param input.email - the normalized address, or null when invalid (only the load is counted).
 * @param input.enchereId - the running auction, or null when none runs.
 * @param input.proof - the form's proof-of-work field, if any.
 * @returns the verdict; never throws for a limit (a failing store limits per instance).
 */
export async function checkLinkRequest(input: {
  clientIp: string
  email: string | null
  enchereId: string | null
  proof?: unknown
}): Promise<LinkRequestVerdict> {
  const network = networkOf(input.clientIp)
  const [client, fromNetwork, auction] = await Promise.all([
    perClient.consume(input.clientIp),
    perNetwork.consume(network),
    input.enchereId ? perAuction.consume(input.enchereId) : Promise.resolve({ allowed: true }),
  ])
  const report = input.enchereId ?? 'aucune'
  // A network counted once, when it first goes past its limit.
  if (!fromNetwork.allowed && (await perNetwork.peek(network)) === NETWORK_LOAD_LIMIT.points + 1) {
    await busyNetworks.consume(report)
  }
  if (!(client.allowed && fromNetwork.allowed && auction.allowed)) {
    if (!(await verifyProofOfWork(input.proof))) {
      await challengesAsked.consume(report)
      return { status: 'challenge', challenge: await createProofOfWorkChallenge() }
    }
    await challengesSolved.consume(report)
  }
  if (!input.email) return { status: 'allowed' }
  const person = await perPerson.consume(input.clientIp, input.email)
  if (!person.allowed) {
    await requestsRefused.consume(report)
    return { status: 'refused', retryAfterSeconds: person.retryAfterSeconds }
  }
  return { status: 'allowed' }
}

/**
 * Takes one validation e-mail of a bid from the load limits (issue #10 §1, issue #37 §1): per
 * client address and per network. A bid's answer cannot ask a challenge, so past a limit the
 * e-mail is just not sent (the answer does not change); the bidder can still ask for the link on
 * the home card, where a challenge is offered. No per-auction total: strangers cannot spend it.
 *
 * @param clientIp - as given by the server's load context.
 * @param enchereId - the auction (for the log).
 * @returns true when the e-mail may be sent.
 */
export async function consumeValidationEmailQuota(clientIp: string, enchereId: string): Promise<boolean> {
  const [client, fromNetwork] = await Promise.all([
    perClient.consume(clientIp),
    perNetwork.consume(networkOf(clientIp)),
  ])
  if (client.allowed && fromNetwork.allowed) return true
  logger.warn({ enchereId }, 'E-mail de validation non envoyé : limite par adresse ou par réseau atteinte')
  await requestsRefused.consume(enchereId)
  return false
}

/**
 * The state of the limits on auction `enchereId`, for its admin screen.
 * @returns the counts ({@link AuctionLimitsReport}); 0 where nothing happened.
 */
export async function readAuctionLimits(enchereId: string): Promise<AuctionLimitsReport> {
  const [recentRequests, asked, solved, refused, networks] = await Promise.all([
    perAuction.peek(enchereId),
    challengesAsked.peek(enchereId),
    challengesSolved.peek(enchereId),
    requestsRefused.peek(enchereId),
    busyNetworks.peek(enchereId),
  ])
  return {
    recentRequests,
    threshold: AUCTION_LOAD_LIMIT.points,
    isChallengeForAll: recentRequests >= AUCTION_LOAD_LIMIT.points,
    busyNetworks: networks,
    challengesAsked: asked,
    challengesSolved: solved,
    refused,
  }
}
