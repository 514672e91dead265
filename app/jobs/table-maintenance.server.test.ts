import { sql } from 'drizzle-orm'
import { afterEach, expect, inject, it, vi } from 'vitest'
import { getDatabase, getDb, queryRows } from '#app/db/client.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { startTableMaintenance } from './table-maintenance.server'

setUpAuctionTests()

let stop: (() => void) | undefined

afterEach(() => {
  stop?.()
  stop = undefined
})

/** How many times the bids table was vacuumed, and analyzed, by the database's own statistics. */
async function bidsMaintenance(): Promise<{ vacuums: number; analyzes: number }> {
  await getDb().execute(sql`select pg_stat_force_next_flush()`)
  const [row] = await queryRows<{ vacuums: number; analyzes: number }>(
    getDb(),
    sql`select vacuum_count::int as vacuums, analyze_count::int as analyzes
      from pg_stat_user_tables where relname = 'mises'`,
  )
  return { vacuums: Number(row?.vacuums), analyzes: Number(row?.analyzes) }
}

const bidsVacuums = async () => (await bidsMaintenance()).vacuums

let grown = 0

/** Adds enough bids to an auction for the bids table to pass autovacuum's thresholds again. */
async function growBids(): Promise<void> {
  const auction = await auctions.create({ statut: 'termine_prix_non_atteint', lien_prive: `lien-${++grown}` })
  await auctions.insertBids(
    ...Array.from({ length: 3000 }, (_, index) =>
      auctions.bidRow(auction.id, `P${index}`, `${100 + index}.00`),
    ),
  )
}

// On a PostgreSQL server the job does nothing: its own autovacuum daemon works in its own process.
it.skipIf(Boolean(inject('postgresTemplateUrl')))(
  'only analyzes while the process is busy, vacuums after its longest deferral, and at once when quiet',
  async () => {
    let busy = true
    await growBids()
    const before = await bidsVacuums()
    const startedAt = performance.now()
    stop = startTableMaintenance(getDatabase(), {
      firstDelayMs: 0,
      everyMs: 40,
      maxDeferralMs: 6_000,
      loopShare: () => (busy ? 0.9 : 0),
    })
    // The first pass runs whatever the load: a database never analyzed is planned badly.
    await vi.waitFor(async () => expect(await bidsVacuums()).toBe(before + 1), {
      timeout: 3_000,
      interval: 25,
    })

    const analyzed = (await bidsMaintenance()).analyzes
    await growBids()
    // Busy: passes come every 40 ms; they analyze the grown table and put its vacuum off…
    await vi.waitFor(async () => expect((await bidsMaintenance()).analyzes).toBeGreaterThan(analyzed), {
      timeout: 1_000,
      interval: 25,
    })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await bidsVacuums()).toBe(before + 1)
    // …until the longest deferral since the last pass is over.
    await vi.waitFor(async () => expect(await bidsVacuums()).toBe(before + 2), {
      timeout: 10_000,
      interval: 25,
    })
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(6_000)

    await growBids()
    busy = false
    const quietAt = performance.now()
    await vi.waitFor(async () => expect(await bidsVacuums()).toBe(before + 3), {
      timeout: 3_000,
      interval: 25,
    })
    expect(performance.now() - quietAt).toBeLessThan(1_000)
  },
)
