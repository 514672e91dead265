import { describe, expect, it } from 'vitest'
import { normalizeAuctionEmail } from './request-auction-link.server'

describe('normalizeAuctionEmail', () => {
  it('trims and accepts one address with an @', () => {
    expect(normalizeAuctionEmail('  marie@example.fr ')).toBe('marie@example.fr')
    expect(normalizeAuctionEmail('a@b')).toBe('a@b')
  })

  it('refuses empty, missing @, several addresses, spaces and over-long values', () => {
    for (const value of [
      '',
      '   ',
      'marie',
      '@example.fr',
      'marie@',
      'a@b@c',
      'a@b.fr, c@d.fr',
      'a b@c.fr',
      'a@b.fr\nBcc: c@d.fr',
      `${'a'.repeat(250)}@b.fr`,
      null,
      42,
    ]) {
      expect(normalizeAuctionEmail(value), String(value)).toBeNull()
    }
  })
})
