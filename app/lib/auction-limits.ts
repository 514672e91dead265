/**
 * What the artist sees of the limits on an auction's link requests (issue #37 §1, decision 040):
 * read by `readAuctionLimits` (app/services/auctions/validation-email-limits.server.ts), shown on
 * the auction screen.
 */
export type AuctionLimitsReport = {
  /** Link requests counted for the auction in its current 10-minute window. */
  recentRequests: number
  /** The count past which every new request must solve a challenge. */
  threshold: number
  /** Whether every new request must solve a challenge now. */
  isChallengeForAll: boolean
  /** Networks that went past their limit (each then asked a challenge) in the last hour. */
  busyNetworks: number
  /** Challenges asked and solved in the last hour. */
  challengesAsked: number
  challengesSolved: number
  /** Requests refused (an address asked too often) and bid e-mails not sent, in the last hour. */
  refused: number
}
