import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { abonnesProchaineEnchere } from '#app/db/schema'
import { setUpAuctionTests } from '#tests/support/auctions'
import { streamNextAuctionSubscribersCsv } from './next-auction-subscribers.server'

setUpAuctionTests()

describe('streamNextAuctionSubscribersCsv (issue #36 §6)', () => {
  it('writes every confirmed subscriber once, in confirmation order, across several chunks', async () => {
    const base = Date.UTC(2026, 0, 1)
    await getDb()
      .insert(abonnesProchaineEnchere)
      .values(
        Array.from({ length: 1_203 }, (_, index) => ({
          email: `abonne${index}@exemple.fr`,
          jeton_desinscription: `jeton-${index}`,
          // Three share each instant: the order goes on by id.
          confirme_le: new Date(base + Math.floor(index / 3) * 1_000),
        })),
      )
    let pieces = 0
    let csv = ''
    for await (const piece of streamNextAuctionSubscribersCsv()) {
      pieces++
      csv += piece
    }
    const lines = csv.split('\r\n').slice(1, -1)
    expect(pieces).toBe(1 + 3)
    expect(lines).toHaveLength(1_203)
    expect(new Set(lines).size).toBe(1_203)
    const instants = lines.map((line) => Date.parse(line.split(',')[1] ?? ''))
    expect(instants.every((value, index) => index === 0 || value >= (instants[index - 1] ?? 0))).toBe(true)
  })
})
