import { describe, expect, it } from 'vitest'
import { bidderStandingText, nextBidderStanding } from './bidder-standing'

describe('nextBidderStanding (issue #36 §1)', () => {
  it('is outbid exactly when the price passes the maximum, and stays so', () => {
    expect(nextBidderStanding('ahead', 40_000, 35_000)).toBe('ahead')
    // An automatic bid answered up to the maximum: still leading, at it.
    expect(nextBidderStanding('ahead', 40_000, 40_000)).toBe('leading')
    expect(nextBidderStanding('ahead', 40_000, 41_000)).toBe('outbid')
    expect(nextBidderStanding('leading', 40_000, 41_000)).toBe('outbid')
    expect(nextBidderStanding('outbid', 40_000, 30_000)).toBe('outbid')
    // A page whose stream is behind the answer does not go back to 'ahead'.
    expect(nextBidderStanding('leading', 40_000, 39_000)).toBe('leading')
  })

  it('says each standing in French, the outbid one with the new minimum', () => {
    const amounts = { maxCents: 60_000, minimumCents: 41_000 }
    expect(bidderStandingText('leading', amounts)).toBe(
      'Vous êtes en tête : le prix actuel atteint votre maximum.',
    )
    expect(bidderStandingText('ahead', amounts)).toContain(
      'Votre maximum de 600,00\u00a0€ reste au-dessus du prix',
    )
    expect(bidderStandingText('outbid', amounts)).toBe(
      'Votre enchère a été dépassée. Nouveau minimum : 410,00\u00a0€.',
    )
  })
})
