import { logger } from '#app/logger.server'
import { onAuctionScheduleChanged } from '#app/services/auctions/auction-schedule-signal.server'
import { prepareActiveAuctionBids } from '#app/services/auctions/bid-desk.server'
import { nextAuctionDeadline, runAuctionSchedule } from '#app/services/auctions/close-auctions.server'
import { invalidateSiteData } from '#app/services/site-data-cache.server'
import { delayUntil, wakeableJob } from './wakeable-job.server'

/** Longest pause between two schedule runs, in ms (issue #4 §7: every ≤ 15 s). */
export const AUCTION_SCHEDULE_INTERVAL_MS = 10_000
/** Shortest pause, in ms, so a deadline already past never makes the timer spin. */
const MIN_DELAY_MS = 1_000
/** Runs this long after a deadline, in ms, so the auction has really ended by the database's clock. */
const DEADLINE_MARGIN_MS = 50

const schedulerJob = wakeableJob({
  globalKey: '__encreAuctionScheduler',
  intervalMs: AUCTION_SCHEDULE_INTERVAL_MS,
  failure: 'Erreur de la planification des enchères',
  // A use case that changes deadlines (an auction created) wakes the scheduler through a signal.
  listen: onAuctionScheduleChanged,
  pass: async () => {
    const result = await runAuctionSchedule()
    if (result.closed.length > 0 || result.activated.length > 0) {
      // An artwork's status and what public pages show of auctions may have changed.
      await invalidateSiteData()
      logger.info(result, 'Enchères : planification appliquée')
    } else if (result.reminders > 0 || result.announcements > 0) {
      logger.info(result, 'Enchères : rappels et annonces envoyés')
    }
    // A process started during an auction, or an auction just opened: its first bids find the
    // e-mails' templates rendered. A failure here delays no deadline: the bids then do it.
    await prepareActiveAuctionBids().catch((error: unknown) =>
      logger.warn({ err: error }, "Préparation des mises de l'enchère active impossible"),
    )
    return delayUntil(await nextAuctionDeadline(), {
      maxMs: AUCTION_SCHEDULE_INTERVAL_MS,
      minMs: MIN_DELAY_MS,
      marginMs: DEADLINE_MARGIN_MS,
    })
  },
})

/**
 * Starts the auction scheduler (issue #4 §7, DESIGN.md §6): runs {@link runAuctionSchedule} at once,
 * then readies the bid path for the active auction ({@link prepareActiveAuctionBids}),
 * then again at the next auction deadline or after {@link AUCTION_SCHEDULE_INTERVAL_MS} ms, whichever
 * comes first (never sooner than 1 s); never two runs at once in this process, and the schedule's
 * advisory lock keeps instances from closing the same auction twice; a use case announcing a change
 * (announceAuctionScheduleChanged, an auction created) makes it run at once. The timer is unref'd
 * (it does not keep the process alive). Starting it twice keeps the running scheduler.
 *
 * @returns an async function that stops the scheduler and waits for a run in progress.
 */
export function startAuctionScheduler(): () => Promise<void> {
  return schedulerJob.start()
}
