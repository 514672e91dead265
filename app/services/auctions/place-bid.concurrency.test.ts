import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { misesMaximales } from '#app/db/schema'
import {
  amountToCents,
  BID_MESSAGES,
  bidIncrementCents,
  bidRefusalMessage,
  DEFAULT_BID_INCREMENTS,
  SOFT_CLOSE_CAP_MINUTES,
} from '#app/lib/auction-rules'
import { withOutbox } from '#app/services/mail/outbox.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { ProxyModel } from '#tests/support/proxy-model'
import { acceptBidsLocked, loadBidSetup, lockAuction, lockedPrice } from './accept-bid.server'
import { type AuctionEvent, deliverAuctionEvents, subscribeAuctionEvents } from './auction-events.server'
import { type PlaceBidResult, placeBid } from './place-bid.server'

setUpAuctionTests()

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

type Fired = {
  kind: 'validated' | 'late' | 'unvalidated'
  email: string
  cents: number
  result: PlaceBidResult
}

/**
 * The threshold named in a refusal, in cents: the price ("Votre mise doit être supérieure à
 * 1 250,50€") or the minimum ("Votre mise doit être d'au moins 1 255,50 €").
 */
function thresholdOf(message: string): { kind: 'price' | 'minimum'; cents: number } | null {
  const match = /(supérieure à|d'au moins) (.+)€$/.exec(message)
  if (!match?.[2]) return null
  return {
    kind: match[1] === "d'au moins" ? 'minimum' : 'price',
    cents: Math.round(Number(match[2].replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')) * 100),
  }
}

/** The minimum bid after a price of `cents` with the default increments (issue #10 §3). */
const nextMinimum = (cents: number) => cents + bidIncrementCents(DEFAULT_BID_INCREMENTS, cents)

/**
 * An auction whose every accepted bid falls in the soft close and whose extensions stop at the
 * cap: a 60-minute window, original end 20 minutes ago → cap at start + 10 min (minutes of margin:
 * a loaded machine may take a while to get through hundreds of bids); `count` validated bidders
 * named `{prefix}{n}@example.fr`, and the auction's events collected until `stop()`.
 */
async function cappedWar(prixDepart: string, prefix: string, count: number) {
  const start = Date.now()
  await auctions.setSetting('enchere_prolongation_minutes', '60')
  const cap = new Date(start + 10 * 60_000)
  const initial = new Date(cap.getTime() - SOFT_CLOSE_CAP_MINUTES * 60_000)
  const auction = await auctions.create({
    prix_depart: prixDepart,
    date_debut: new Date(start - 3_600_000),
    date_fin_initiale: initial,
    date_fin: new Date(start + 5 * 60_000),
  })
  const bidders = Array.from({ length: count }, (_, index) => `${prefix}${index}@example.fr`)
  for (const email of bidders) await auctions.validate(auction.id, email)
  const events: AuctionEvent[] = []
  const stop = subscribeAuctionEvents(auction.id, (event) => events.push(event))
  return { start, cap, initial, auction, bidders, events, stop }
}

/**
 * A bid settled by another instance of the site (DESIGN.md §9: several instances on one
 * PostgreSQL): its own bid desk, so its transaction races this process's batches and only the
 * auction row's lock keeps them apart. The steps of this process's desk for a batch of one
 * (lockAuction, acceptBidsLocked, the events delivered after the commit), answered as placeBid
 * answers. On PGlite, transactions run one at a time whatever the lock.
 *
 * @param bid - the bidder's address (validated), amount and maximum in cents, and the server clock.
 * @returns the answer placeBid would give for that outcome.
 */
async function placeBidOnOtherInstance(
  enchereId: string,
  bid: { email: string; cents: number; maxCents: number | null; now: Date },
): Promise<PlaceBidResult> {
  const setup = await loadBidSetup(enchereId)
  if (!setup) return { status: 'not-found' }
  const candidate = { ...bid, nom: 'Curie', prenom: bid.email.split('@')[0] ?? '', amountCents: bid.cents }
  const settled = await withOutbox(async (tx) => {
    const locked = await lockAuction(tx, enchereId)
    return locked ? acceptBidsLocked(tx, locked, [candidate], setup) : null
  })
  if (!settled) return { status: 'not-found' }
  deliverAuctionEvents(settled.events)
  const [outcome] = settled.outcomes
  if (!outcome) throw new Error('no outcome')
  if (outcome.accepted) return { status: 'accepted', ...outcome }
  const { prixActuel, nombreMises, stored } = outcome
  if (outcome.reason === 'outbid')
    return { status: 'outbid', message: BID_MESSAGES.outbidTie, prixActuel, stored }
  if (outcome.reason !== 'too-low') return { status: 'refused', message: BID_MESSAGES.ended }
  const price = lockedPrice({ prix_actuel: prixActuel, nombreMises })
  return { status: 'refused', message: bidRefusalMessage(bid.cents, price, setup.increments) }
}

describe('placeBid under concurrent bidding (issue #4 §4, §8)', () => {
  it('keeps the invariants with 260 simultaneous bids: mixed, equal, late and unvalidated', async () => {
    const {
      start,
      cap,
      initial,
      auction,
      bidders: validated,
      events,
      stop,
    } = await cappedWar('100.00', 'bidder', 20)

    const random = generator(20_260_501)
    // 150 distinct amounts between 100.50 € and 250 € for 200 bids: many equal amounts.
    const pool = Array.from({ length: 150 }, (_, index) => 10_050 + index * 100 + (index % 3 === 0 ? 25 : 0))
    const pick = () => pool[Math.floor(random() * pool.length)] ?? 10_050
    const plan: Array<Omit<Fired, 'result'>> = [
      ...Array.from({ length: 200 }, () => ({
        kind: 'validated' as const,
        email: validated[Math.floor(random() * validated.length)] ?? 'bidder0@example.fr',
        cents: pick(),
      })),
      ...Array.from({ length: 30 }, (_, index) => ({
        kind: 'late' as const,
        email: validated[index % 20] ?? '',
        cents: 90_000 + index,
      })),
      ...Array.from({ length: 30 }, (_, index) => ({
        kind: 'unvalidated' as const,
        email: `new${index % 6}@example.fr`,
        cents: pick() + 50_000,
      })),
    ].sort(() => random() - 0.5)
    const lateNow = new Date(start + 2 * 3_600_000)

    const fired: Fired[] = await Promise.all(
      plan.map(async (bid) => ({
        ...bid,
        result: await placeBid(
          auctions.bidInput(auctions.link, bid.email, (bid.cents / 100).toFixed(2)),
          bid.kind === 'late' ? { now: lateNow } : {},
        ),
      })),
    )
    stop()

    const accepted = fired
      .filter((bid) => bid.result.status === 'accepted')
      .map((bid) => ({ ...bid, result: bid.result as Extract<PlaceBidResult, { status: 'accepted' }> }))
      .sort((a, b) => a.result.nombreMises - b.result.nombreMises)
    expect(accepted.length).toBeGreaterThan(1)
    // Only validated, in-time bids are accepted.
    expect(new Set(accepted.map((bid) => bid.kind))).toEqual(new Set(['validated']))
    for (const bid of fired.filter((b) => b.kind === 'late')) {
      expect(bid.result).toMatchObject({ status: 'refused', message: expect.stringContaining('terminée') })
    }
    for (const bid of fired.filter((b) => b.kind === 'unvalidated')) {
      expect(['pending-validation', 'refused']).toContain(bid.result.status)
    }

    // Acceptance order (the bid count at acceptance) is 1..n, and amounts strictly increase along it.
    expect(accepted.map((bid) => bid.result.nombreMises)).toEqual(accepted.map((_, index) => index + 1))
    for (let index = 1; index < accepted.length; index++) {
      expect(accepted[index]?.cents).toBeGreaterThan(accepted[index - 1]?.cents ?? 0)
    }
    expect(accepted[0]?.cents).toBeGreaterThan(10_000)

    // The database agrees: one row per accepted bid, no two sharing an amount, price = highest.
    const rows = await auctions.bids(auction.id)
    const counted = rows.filter((row) => row.email_valide)
    expect(counted.map((row) => row.id).sort()).toEqual(accepted.map((bid) => bid.result.miseId).sort())
    expect(new Set(counted.map((row) => row.montant)).size).toBe(counted.length)
    const highest = Math.max(...accepted.map((bid) => bid.cents))
    const stored = await auctions.row(auction.id)
    expect(amountToCents(stored.prix_actuel)).toBe(highest)
    // Acceptance times follow acceptance order.
    const byTime = [...counted].sort((a, b) => a.cree_le.getTime() - b.cree_le.getTime())
    for (let index = 1; index < byTime.length; index++) {
      if (byTime[index]?.cree_le.getTime() !== byTime[index - 1]?.cree_le.getTime()) {
        expect(amountToCents(byTime[index]?.montant ?? '0')).toBeGreaterThan(
          amountToCents(byTime[index - 1]?.montant ?? '0'),
        )
      }
    }

    // Every step rises by at least its increment, and nothing refused could have beaten the final
    // price (ties: the earlier bid, accepted, wins).
    for (let index = 1; index < accepted.length; index++) {
      expect(accepted[index]?.cents).toBeGreaterThanOrEqual(nextMinimum(accepted[index - 1]?.cents ?? 0))
    }
    const validatedBids = fired.filter((bid) => bid.kind === 'validated')
    const best = Math.max(...validatedBids.map((bid) => bid.cents))
    expect(best).toBeLessThan(nextMinimum(highest))

    // Every refusal of a validated bid is justified: the price named was an accepted bid ≥ the
    // amount, or the minimum named was the start price or an accepted bid + its increment, above it.
    const acceptedAmounts = new Set(accepted.map((bid) => bid.cents))
    const minimums = new Set([10_000, ...accepted.map((bid) => nextMinimum(bid.cents))])
    for (const bid of validatedBids.filter((b) => b.result.status === 'refused')) {
      const message = (bid.result as { message: string }).message
      const threshold = thresholdOf(message)
      expect(threshold, message).not.toBeNull()
      if (threshold?.kind === 'price') {
        expect(threshold.cents, message).toBeGreaterThanOrEqual(bid.cents)
        expect(acceptedAmounts.has(threshold.cents), message).toBe(true)
      } else {
        expect(threshold?.cents, message).toBeGreaterThan(bid.cents)
        expect(minimums.has(threshold?.cents ?? -1), message).toBe(true)
      }
    }

    // Pending bids never count and never move the price.
    expect(
      rows.filter((row) => !row.email_valide).every((row) => row.participant_email.startsWith('new')),
    ).toBe(true)

    // Extensions: never past the cap, never shorter, no bid accepted at or after the end.
    expect(stored.date_fin.getTime()).toBeLessThanOrEqual(cap.getTime())
    expect(stored.date_fin).toEqual(cap)
    expect(stored.date_fin_initiale).toEqual(initial)
    for (let index = 1; index < accepted.length; index++) {
      expect(accepted[index]?.result.dateFin.getTime()).toBeGreaterThanOrEqual(
        accepted[index - 1]?.result.dateFin.getTime() ?? 0,
      )
    }
    for (const row of counted) expect(row.cree_le.getTime()).toBeLessThan(stored.date_fin.getTime())

    // E-mails: one artist notice per accepted bid; one outbid notice each time the leader changed address.
    const outbox = await auctions.outbox()
    expect(outbox.filter((row) => row.modele === 'auction-bid-notification')).toHaveLength(accepted.length)
    const leaderChanges = accepted.filter(
      (bid, index) => index > 0 && accepted[index - 1]?.email !== bid.email,
    )
    expect(
      outbox
        .filter((row) => row.modele === 'auction-outbid')
        .map((row) => row.destinataire)
        .sort(),
    ).toEqual(leaderChanges.map((bid) => accepted[accepted.indexOf(bid) - 1]?.email).sort())
    expect(events.filter((event) => event.type === 'bid')).toHaveLength(accepted.length)
  }, 180_000)

  it('resolves hundreds of concurrent maxima and manual bids as the reference model of automatic bids does (issue #10 §3)', async () => {
    const { start, cap, initial, auction, bidders, events, stop } = await cappedWar('40.00', 'auto', 30)

    const random = generator(31_415_926)
    // A rising war across the brackets (40 € to about 1,000 €) with noise; maxima on multiples of 50 €
    // a little above their bids, so equal maxima meet.
    const plan = Array.from({ length: 320 }, (_, index) => {
      const email = bidders[Math.floor(random() * bidders.length)] ?? 'auto0@example.fr'
      const cents = 4_000 + index * 300 + Math.floor(random() * 4_000) - 2_000
      const maxCents = index % 2 === 0 ? Math.ceil((cents + 100 + random() * 6_000) / 5_000) * 5_000 : null
      const late = index % 40 === 39
      return { email, cents: Math.max(cents, 3_000), maxCents, late }
    })
    const lateNow = new Date(start + 2 * 3_600_000)
    // A third of the bids reach a second instance: without the auction row's lock its transactions
    // and this process's batches read the same state, and both store a bid on it.
    const fired = await Promise.all(
      plan.map(async (bid, index) => ({
        ...bid,
        result:
          index % 3 === 1
            ? await placeBidOnOtherInstance(auction.id, { ...bid, now: bid.late ? lateNow : new Date() })
            : await placeBid(
                {
                  ...auctions.bidInput(
                    auctions.link,
                    bid.email,
                    (bid.cents / 100).toFixed(2),
                    bid.email.split('@')[0],
                  ),
                  maximum: bid.maxCents === null ? '' : (bid.maxCents / 100).toFixed(2),
                },
                bid.late ? { now: lateNow } : {},
              ),
      })),
    )
    stop()

    for (const bid of fired.filter((b) => b.late)) {
      expect(bid.result).toMatchObject({ status: 'refused', message: expect.stringContaining('terminée') })
    }
    // Every bid event is one stored row, numbered 1..n: once each (two instances' events may reach
    // this one's pages in any order; the numbers are the acceptance order).
    const bidEvents = events
      .flatMap((event) => (event.type === 'bid' ? [event] : []))
      .sort((a, b) => a.nombreMises - b.nombreMises)
    expect(bidEvents.map((event) => event.nombreMises)).toEqual(bidEvents.map((_, index) => index + 1))
    const order = new Map(bidEvents.map((event) => [event.mise.id, event.nombreMises]))
    const settled = fired
      .flatMap((bid) =>
        bid.result.status === 'accepted' || bid.result.status === 'outbid'
          ? [{ ...bid, stored: bid.result.stored, result: bid.result }]
          : [],
      )
      .map((bid) => ({ ...bid, first: order.get(bid.stored[0]?.miseId ?? '') ?? -1 }))
      .sort((a, b) => a.first - b.first)
    expect(settled.length).toBeGreaterThan(20)
    expect(settled.some((bid) => bid.result.status === 'outbid')).toBe(true)
    expect(settled.some((bid) => bid.stored.length > 1)).toBe(true)

    // Replayed in acceptance order, the reference model ends each bid where the server did.
    const model = new ProxyModel(4_000, DEFAULT_BID_INCREMENTS)
    const prices = new Set<number>()
    const minimums = new Set([model.minimum()])
    const outbid: string[] = []
    let next = 1
    for (const bid of settled) {
      // A bid's rows come together, in order.
      expect(bid.stored.map((row) => order.get(row.miseId))).toEqual(
        bid.stored.map((_, index) => next + index),
      )
      next += bid.stored.length
      const before = model.leader
      expect(model.bid(bid.email, bid.cents, bid.maxCents), `${bid.email} ${bid.cents}`).toBe(true)
      const last = bid.stored.at(-1)
      expect([amountToCents(last?.montant ?? '0'), last?.email]).toEqual([model.prixCents, model.leader])
      if (bid.result.status === 'accepted') expect(bid.result.isLeading).toBe(model.leader === bid.email)
      else expect(model.leader).not.toBe(bid.email)
      const leaders = new Set([...(before ? [before] : []), ...bid.stored.map((row) => row.email)])
      leaders.delete(model.leader ?? '')
      outbid.push(...leaders)
      prices.add(model.prixCents)
      minimums.add(model.minimum())
    }
    expect(next - 1).toBe(bidEvents.length)

    // Every refusal for the price is justified by a price or a minimum the auction really had.
    for (const bid of fired.filter((b) => !b.late && b.result.status === 'refused')) {
      const message = (bid.result as { message: string }).message
      const threshold = thresholdOf(message)
      expect(threshold, message).not.toBeNull()
      if (threshold?.kind === 'price') {
        expect(threshold.cents).toBeGreaterThanOrEqual(bid.cents)
        expect(prices.has(threshold.cents), message).toBe(true)
      } else {
        expect(threshold?.cents).toBeGreaterThan(bid.cents)
        expect(minimums.has(threshold?.cents ?? -1), message).toBe(true)
      }
    }

    // The database agrees: no two bids share an amount, the price is the best, nothing at or after the end.
    const counted = (await auctions.bids(auction.id)).filter((row) => row.email_valide)
    expect(counted).toHaveLength(bidEvents.length)
    expect(new Set(counted.map((row) => row.montant)).size).toBe(counted.length)
    const stored = await auctions.row(auction.id)
    expect(amountToCents(stored.prix_actuel)).toBe(model.prixCents)
    expect(amountToCents(stored.prix_actuel)).toBe(
      Math.max(...counted.map((row) => amountToCents(row.montant))),
    )
    expect(stored.date_fin.getTime()).toBeLessThanOrEqual(cap.getTime())
    expect(stored.date_fin_initiale).toEqual(initial)
    for (const row of counted) expect(row.cree_le.getTime()).toBeLessThan(stored.date_fin.getTime())
    // The maxima kept are the model's (raised, never lowered).
    const maxima = await getDb().select().from(misesMaximales)
    expect(new Map(maxima.map((row) => [row.participant_email, amountToCents(row.montant_max)]))).toEqual(
      model.maxima,
    )
    // E-mails: an artist notice per row, an outbid notice to each bidder who led and no longer does.
    const outbox = await auctions.outbox()
    expect(outbox.filter((row) => row.modele === 'auction-bid-notification')).toHaveLength(counted.length)
    expect(
      outbox
        .filter((row) => row.modele === 'auction-outbid')
        .map((row) => row.destinataire)
        .sort(),
    ).toEqual(outbid.sort())
  }, 180_000)

  it('accepts no bid at or after the end while bids race the closing time', async () => {
    await auctions.setSetting('enchere_prolongation_minutes', '0')
    const end = new Date(Date.now() + 400)
    const auction = await auctions.create({ date_debut: new Date(Date.now() - 60_000), date_fin: end })
    await auctions.validate(auction.id, 'a@example.fr')

    const results = await Promise.all(
      Array.from({ length: 80 }, async (_, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 10))
        return placeBid(auctions.bidInput(auctions.link, 'a@example.fr', String(101 + index)))
      }),
    )

    const ended = results.filter(
      (result) => result.status === 'refused' && result.message.includes('terminée'),
    )
    expect(ended.length).toBeGreaterThan(0)
    const rows = (await auctions.bids(auction.id)).filter((row) => row.email_valide)
    for (const row of rows) expect(row.cree_le.getTime()).toBeLessThan(end.getTime())
    expect((await auctions.row(auction.id)).date_fin).toEqual(end)
  }, 60_000)

  it('keeps the invariants when address validations race the bid desk (both take the lock)', async () => {
    const auction = await auctions.create({ prix_depart: '100.00' })
    // Eight browsers leave bids waiting for their address, each with its own validation link.
    const waiting = []
    for (let index = 0; index < 8; index++) {
      const browser = auctions.browser(`198.51.100.${index + 10}`)
      const email = `attente${index}@example.fr`
      await browser.bid(auctions.bidInput(auctions.link, email, (101 + index * 7).toFixed(2)))
      await browser.bid(auctions.bidInput(auctions.link, email, (150 + index * 11).toFixed(2)))
      waiting.push({ browser, token: await auctions.lastMailedToken() })
    }
    const validated = Array.from({ length: 10 }, (_, index) => `rapide${index}@example.fr`)
    for (const email of validated) await auctions.validate(auction.id, email)
    const events: AuctionEvent[] = []
    const stop = subscribeAuctionEvents(auction.id, (event) => events.push(event))

    const random = generator(7_041_993)
    const bids = Array.from({ length: 120 }, (_, index) =>
      placeBid(
        auctions.bidInput(
          auctions.link,
          validated[index % validated.length] ?? '',
          (100 + Math.floor(random() * 150)).toFixed(2),
        ),
      ),
    )
    const confirmations = waiting.map(({ browser, token }) => browser.confirm(token))
    const [results, validations] = await Promise.all([Promise.all(bids), Promise.all(confirmations)])
    stop()

    expect(validations.every((result) => result.status === 'validated')).toBe(true)
    const counted = (await auctions.bids(auction.id)).filter((row) => row.email_valide)
    const acceptedByDesk = results.filter((result) => result.status === 'accepted')
    const acceptedByValidation = validations.reduce(
      (sum, result) => sum + (result.status === 'validated' ? result.accepted : 0),
      0,
    )
    expect(counted).toHaveLength(acceptedByDesk.length + acceptedByValidation)
    expect(acceptedByValidation).toBeGreaterThan(0)
    // No two counted bids share an amount; the price is the best; each event is one counted bid.
    expect(new Set(counted.map((row) => row.montant)).size).toBe(counted.length)
    const stored = await auctions.row(auction.id)
    expect(amountToCents(stored.prix_actuel)).toBe(
      Math.max(...counted.map((row) => amountToCents(row.montant))),
    )
    const bidEvents = events.filter((event) => event.type === 'bid')
    expect(bidEvents.map((event) => event.nombreMises)).toEqual(counted.map((_, index) => index + 1))
    // In acceptance order (the events' order), every bid beats the one before.
    for (let index = 1; index < bidEvents.length; index++) {
      expect(amountToCents(bidEvents[index]?.prixActuel ?? '0')).toBeGreaterThan(
        amountToCents(bidEvents[index - 1]?.prixActuel ?? '0'),
      )
    }
  }, 120_000)
})
