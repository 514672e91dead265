import { afterEach, expect, it } from 'vitest'
import { announceAuctionScheduleChanged } from '#app/services/auctions/auction-schedule-signal.server'
import { auctions } from '#tests/support/auctions'
import { waitForStatut } from '#tests/support/wait'
import { startAuctionScheduler } from './auction-scheduler.server'

let stop: (() => Promise<void>) | undefined

afterEach(async () => {
  await stop?.()
  stop = undefined
})

it('closes an expired auction at start-up, starts a programmed one when a use case announces it, closes it at its end', async () => {
  const now = Date.now()
  const expired = await auctions.create({ lien_prive: 'lien-expire', date_fin: new Date(now - 1000) })

  stop = startAuctionScheduler()
  await waitForStatut(() => auctions.row(expired.id), 'termine_prix_non_atteint')

  const next = await auctions.create({
    lien_prive: 'lien-suivant',
    statut: 'programme',
    date_debut: new Date(now - 1000),
    date_fin: new Date(Date.now() + 6000),
  })
  // What createAuction announces after its insert: the scheduler plans its run at once.
  announceAuctionScheduleChanged()
  // started at once, then closed when its end comes (not 10 s later)
  await waitForStatut(() => auctions.row(next.id), 'active', 5000)
  const closed = await waitForStatut(() => auctions.row(next.id), 'termine_prix_non_atteint', 9000)
  expect(Date.now() - closed.date_fin.getTime()).toBeLessThan(5000)
}, 30_000)

it('stops cleanly: no run after stop', async () => {
  stop = startAuctionScheduler()
  await stop()
  stop = undefined
  const expired = await auctions.create({
    lien_prive: 'lien-apres-arret',
    date_fin: new Date(Date.now() - 1000),
  })
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect((await auctions.row(expired.id)).statut).toBe('active')
})
