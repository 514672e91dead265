import { expect, it } from 'vitest'
import { getDatabase } from '#app/db/client.server'
import { unavailability } from '#app/lib/unavailable'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { deskCounts } from './bid-desk.server'
import { placeBid } from './place-bid.server'

setUpAuctionTests()

/**
 * The embedded database refusing writes is a real failed write of the desk's one statement
 * (PostgreSQL's read-only switch, as a full disk sets it: app/db/disk-guard.server.ts). On a
 * server, tests/integration/fault-postgres-restart.test.ts cuts the connections instead.
 */
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "a batch whose write fails leaves the desk's memory as the database holds it (issue #37 §4)",
  async () => {
    const auction = await auctions.create({ prix_depart: '100.00' })
    for (const email of ['anne@exemple.fr', 'basile@exemple.fr']) await auctions.validate(auction.id, email)
    const bid = (email: string, euros: number, prenom: string) =>
      placeBid(auctions.bidInput(auctions.link, email, euros, prenom))
    // Anne's maximum of 110 € goes in at the start price (decision 041).
    expect(await bid('anne@exemple.fr', 110, 'Anne')).toMatchObject({
      status: 'accepted',
      prixActuel: '100.00',
    })

    const pglite = getDatabase().pglite
    await pglite?.exec('set default_transaction_read_only = on')
    const failed = await bid('basile@exemple.fr', 200, 'Basile').catch((error: unknown) => error)
    await pglite?.exec('set default_transaction_read_only = off')
    expect(unavailability(failed)).toBe('disk-full')

    // Decided on what the database holds (Anne leading at 100 € with 110 €, not a remembered
    // 200 € of Basile), and written at once from the memory: its version is still the row's.
    // Basile's 150 € beats Anne's 110 €: he leads at 110 € + the 5 € increment.
    const locked = deskCounts.retriedUnderLock + deskCounts.decidedUnderLock
    expect(await bid('basile@exemple.fr', 150, 'Basile')).toMatchObject({
      status: 'accepted',
      prixActuel: '115.00',
    })
    expect(deskCounts.retriedUnderLock + deskCounts.decidedUnderLock).toBe(locked)
    const rows = await auctions.bids(auction.id)
    expect(rows.map((row) => row.montant)).not.toContain('200.00')
    expect(rows.map((row) => [row.participant_prenom, row.montant]).at(-1)).toEqual(['Basile', '115.00'])
    expect((await auctions.row(auction.id)).prix_actuel).toBe('115.00')
  },
)
