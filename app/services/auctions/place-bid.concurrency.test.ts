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
import { ProxyModel, settledPrice } from '#tests/support/proxy-model'
import { acceptBidsLocked, lockAuction, lockedPrice } from './accept-bid.server'
import { type AuctionEvent, deliverAuctionEvents, subscribeAuctionEvents } from './auction-events.server'
import { loadBidSetup } from './bid-setup.server'
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
 * @param bid - the bidder's address (validated), maximum in cents, and the server clock.
 * @returns the answer placeBid would give for that outcome.
 */
async function placeBidOnOtherInstance(
  enchereId: string,
  bid: { email: string; cents: number; now: Date },
): Promise<PlaceBidResult> {
  const setup = await loadBidSetup(enchereId)
  if (!setup) return { status: 'not-found' }
  const candidate = { ...bid, nom: 'Curie', prenom: bid.email.split('@')[0] ?? '', maxCents: bid.cents }
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
  if (outcome.reason === 'raised') return { status: 'raised', prixActuel, maxCents: bid.cents }
  if (outcome.reason !== 'too-low') return { status: 'refused', message: BID_MESSAGES.ended }
  const price = lockedPrice({ prix_actuel: prixActuel, nombreMises })
  return { status: 'refused', message: bidRefusalMessage(bid.cents, price, setup.increments) }
}

describe('placeBid under concurrent bidding (issue #4 §4, §8; issue #36 §1)', () => {
  it('keeps the invariants with 260 simultaneous maxima: mixed, equal, repeated, late and unvalidated', async () => {
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
    // 150 distinct maxima between 100.50 € and 250 € for 200 bids of 20 bidders: many equal ones,
    // leaders raising their own maximum.
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

    const settled = fired.filter((bid) => ['accepted', 'outbid', 'raised'].includes(bid.result.status))
    expect(settled.length).toBeGreaterThan(1)
    // Only validated, in-time bids are settled.
    expect(new Set(settled.map((bid) => bid.kind))).toEqual(new Set(['validated']))
    for (const bid of fired.filter((b) => b.kind === 'late')) {
      expect(bid.result).toMatchObject({ status: 'refused', message: expect.stringContaining('terminée') })
    }
    for (const bid of fired.filter((b) => b.kind === 'unvalidated')) {
      expect(['pending-validation', 'refused']).toContain(bid.result.status)
    }

    // Each bid event is one counted row, numbered 1..n, prices strictly rising along them.
    const bidEvents = events
      .flatMap((event) => (event.type === 'bid' ? [event] : []))
      .sort((a, b) => a.nombreMises - b.nombreMises)
    expect(bidEvents.map((event) => event.nombreMises)).toEqual(bidEvents.map((_, index) => index + 1))
    for (let index = 1; index < bidEvents.length; index++) {
      expect(amountToCents(bidEvents[index]?.prixActuel ?? '0')).toBeGreaterThan(
        amountToCents(bidEvents[index - 1]?.prixActuel ?? '0'),
      )
    }
    const rows = await auctions.bids(auction.id)
    const counted = rows.filter((row) => row.email_valide)
    expect(counted).toHaveLength(bidEvents.length)
    expect(new Set(counted.map((row) => row.montant)).size).toBe(counted.length)
    const stored = await auctions.row(auction.id)
    expect(amountToCents(stored.prix_actuel)).toBe(
      Math.max(...counted.map((row) => amountToCents(row.montant))),
    )

    // Each bidder's maximum is the highest they had settled; and, whatever the order, eBay's rule
    // leaves the highest maximum in the lead at the second highest + one increment, capped.
    const expected = new Map<string, number>()
    for (const bid of settled) expected.set(bid.email, Math.max(expected.get(bid.email) ?? 0, bid.cents))
    const maxima = await getDb().select().from(misesMaximales)
    expect(new Map(maxima.map((row) => [row.participant_email, amountToCents(row.montant_max)]))).toEqual(
      expected,
    )
    const final = settledPrice(10_000, [...expected.values()], DEFAULT_BID_INCREMENTS)
    expect(amountToCents(stored.prix_actuel)).toBe(final.prixCents)
    const best = counted.reduce((a, b) => (amountToCents(b.montant) > amountToCents(a.montant) ? b : a))
    expect(expected.get(best.participant_email)).toBe(final.leaderMaxCents)

    // Every refusal for the amount names a price or a minimum the auction really had.
    const prices = new Set([10_000, ...bidEvents.map((event) => amountToCents(event.prixActuel))])
    const minimums = new Set([10_000, ...[...prices].map(nextMinimum)])
    for (const bid of fired.filter((b) => b.kind === 'validated' && b.result.status === 'refused')) {
      const message = (bid.result as { message: string }).message
      if (message === BID_MESSAGES.maximumNotRaised) continue
      const threshold = thresholdOf(message)
      expect(threshold, message).not.toBeNull()
      if (threshold?.kind === 'price') {
        expect(threshold.cents, message).toBeGreaterThanOrEqual(bid.cents)
        expect(prices.has(threshold.cents), message).toBe(true)
      } else {
        expect(threshold?.cents, message).toBeGreaterThan(bid.cents)
        expect(minimums.has(threshold?.cents ?? -1), message).toBe(true)
      }
    }

    // Pending bids never count and never move the price.
    expect(
      rows.filter((row) => !row.email_valide).every((row) => row.participant_email.startsWith('new')),
    ).toBe(true)

    // Extensions: never past the cap, no bid accepted at or after the end.
    expect(stored.date_fin).toEqual(cap)
    expect(stored.date_fin_initiale).toEqual(initial)
    for (const row of counted) expect(row.cree_le.getTime()).toBeLessThan(stored.date_fin.getTime())

    // E-mails: one artist notice per counted row; outbid notices only to bidders.
    const outbox = await auctions.outbox()
    expect(outbox.filter((row) => row.modele === 'auction-bid-notification')).toHaveLength(counted.length)
    const outbid = outbox.filter((row) => row.modele === 'auction-outbid').map((row) => row.destinataire)
    expect(outbid.length).toBeGreaterThan(0)
    for (const email of outbid) expect(validated).toContain(email)

    // The leader raises their own maximum once the war is over: told so, and the price stays.
    const raise = await placeBid(
      auctions.bidInput(
        auctions.link,
        best.participant_email,
        ((final.leaderMaxCents + 1_000) / 100).toFixed(2),
      ),
    )
    expect(raise.status).toBe('raised')
    expect(amountToCents((await auctions.row(auction.id)).prix_actuel)).toBe(final.prixCents)
  }, 180_000)

  it('resolves hundreds of concurrent maxima, a third on another instance, as the reference model does (issue #10 §3)', async () => {
    const { start, cap, initial, auction, bidders, events, stop } = await cappedWar('40.00', 'auto', 320)

    const random = generator(31_415_926)
    // A rising war across the brackets (40 € to about 1,000 €) with noise, each bidder once; maxima
    // on multiples of 50 € every other bid, so equal maxima meet.
    const plan = Array.from({ length: 320 }, (_, index) => {
      const cents = 4_000 + index * 300 + Math.floor(random() * 4_000) - 2_000
      const rounded = index % 2 === 0 ? Math.ceil(cents / 5_000) * 5_000 : cents
      return { email: bidders[index] ?? '', cents: Math.max(rounded, 3_000), late: index % 40 === 39 }
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
                auctions.bidInput(
                  auctions.link,
                  bid.email,
                  (bid.cents / 100).toFixed(2),
                  bid.email.split('@')[0],
                ),
                bid.late ? { now: lateNow } : {},
              ),
      })),
    )
    stop()

    for (const bid of fired.filter((b) => b.late)) {
      expect(bid.result).toMatchObject({ status: 'refused', message: expect.stringContaining('terminée') })
    }
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
    let next = 1
    for (const bid of settled) {
      // A bid's rows come together, in order.
      expect(bid.stored.map((row) => order.get(row.miseId))).toEqual(
        bid.stored.map((_, index) => next + index),
      )
      next += bid.stored.length
      expect(model.bid(bid.email, bid.cents), `${bid.email} ${bid.cents}`).toBe(true)
      const last = bid.stored.at(-1)
      expect([amountToCents(last?.montant ?? '0'), last?.email]).toEqual([model.prixCents, model.leader])
      if (bid.result.status === 'accepted') expect(bid.result.isLeading).toBe(model.leader === bid.email)
      else expect(model.leader).not.toBe(bid.email)
      prices.add(model.prixCents)
      minimums.add(model.minimum())
    }
    expect(next - 1).toBe(bidEvents.length)

    // Every refusal for the amount is justified by a price or a minimum the auction really had.
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

    // The database agrees: no two bids share an amount, the price is the best, the automatic rows
    // are marked, nothing at or after the end.
    const counted = (await auctions.bids(auction.id)).filter((row) => row.email_valide)
    expect(counted).toHaveLength(bidEvents.length)
    expect(new Set(counted.map((row) => row.montant)).size).toBe(counted.length)
    const automatic = new Set(
      settled.flatMap((bid) => bid.stored.filter((row) => row.email !== bid.email).map((row) => row.miseId)),
    )
    expect(automatic.size).toBeGreaterThan(0)
    for (const row of counted) expect(row.automatique).toBe(automatic.has(row.id))
    const stored = await auctions.row(auction.id)
    expect(amountToCents(stored.prix_actuel)).toBe(model.prixCents)
    expect(stored.date_fin.getTime()).toBeLessThanOrEqual(cap.getTime())
    expect(stored.date_fin_initiale).toEqual(initial)
    for (const row of counted) expect(row.cree_le.getTime()).toBeLessThan(stored.date_fin.getTime())
    // The maxima kept are the model's.
    const maxima = await getDb().select().from(misesMaximales)
    expect(new Map(maxima.map((row) => [row.participant_email, amountToCents(row.montant_max)]))).toEqual(
      model.maxima,
    )
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
    // Each accepted bid stored its row, and the automatic bids they caused stored theirs.
    expect(counted.length).toBeGreaterThanOrEqual(acceptedByDesk.length + acceptedByValidation)
    expect(counted.filter((row) => !row.automatique).length).toBe(
      acceptedByDesk.length + acceptedByValidation,
    )
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
