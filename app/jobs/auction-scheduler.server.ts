import { logger } from '#app/logger.server'
import { onAuctionScheduleChanged } from '#app/services/auctions/auction-schedule-signal.server'
import { nextAuctionDeadline, runAuctionSchedule } from '#app/services/auctions/close-auctions.server'
import { invalidateSiteData } from '#app/services/site-data-cache.server'

/** Longest pause between two schedule runs, in ms (issue #4 §7: every ≤ 15 s). */
export const AUCTION_SCHEDULE_INTERVAL_MS = 10_000
/** Shortest pause, in ms, so a deadline already past never makes the timer spin. */
const MIN_DELAY_MS = 1_000
/** Runs this long after a deadline, in ms, so the auction has really ended by the database's clock. */
const DEADLINE_MARGIN_MS = 50

type Scheduler = {
  timer: NodeJS.Timeout | undefined
  running: Promise<void> | undefined
  stopped: boolean
}

// On globalThis so development module reloads still reach the scheduler started at boot.
const holder = globalThis as typeof globalThis & { __encreAuctionScheduler?: Scheduler }

function schedule(current: Scheduler, delayMs: number): void {
  if (current.stopped) return
  if (current.timer) clearTimeout(current.timer)
  current.timer = setTimeout(() => run(current), delayMs)
  current.timer.unref()
}

function run(current: Scheduler): void {
  current.timer = undefined
  if (current.stopped || current.running) return
  current.running = (async () => {
    let delay = AUCTION_SCHEDULE_INTERVAL_MS
    try {
      const result = await runAuctionSchedule()
      if (result.closed.length > 0 || result.activated.length > 0) {
        // An artwork's status and what public pages show of auctions may have changed.
        invalidateSiteData()
        logger.info(result, 'Enchères : planification appliquée')
      } else if (result.reminders > 0 || result.announcements > 0) {
        logger.info(result, 'Enchères : rappels et annonces envoyés')
      }
      const next = await nextAuctionDeadline()
      if (next) delay = next.getTime() - Date.now() + DEADLINE_MARGIN_MS
    } catch (error) {
      logger.error({ err: error }, 'Erreur de la planification des enchères')
    } finally {
      current.running = undefined
      schedule(current, Math.min(AUCTION_SCHEDULE_INTERVAL_MS, Math.max(MIN_DELAY_MS, delay)))
    }
  })()
}

/**
 * Starts the auction scheduler (issue #4 §7, DESIGN.md §6): runs {@link runAuctionSchedule} at once,
 * then again at the next auction deadline or after {@link AUCTION_SCHEDULE_INTERVAL_MS} ms, whichever
 * comes first (never sooner than 1 s); never two runs at once in this process, and the schedule's
 * advisory lock keeps instances from closing the same auction twice. The timer is unref'd (it does
 * not keep the process alive). Starting it twice keeps the running scheduler.
 *
 * @returns an async function that stops the scheduler and waits for a run in progress.
 */
export function startAuctionScheduler(): () => Promise<void> {
  let current = holder.__encreAuctionScheduler
  if (!current || current.stopped) {
    current = { timer: undefined, running: undefined, stopped: false }
    holder.__encreAuctionScheduler = current
    schedule(current, 0)
  }
  const started = current
  // A use case that changes deadlines (an auction created) wakes this scheduler through a signal.
  const stopListening = onAuctionScheduleChanged(wakeAuctionScheduler)
  return async () => {
    stopListening()
    started.stopped = true
    if (started.timer) clearTimeout(started.timer)
    started.timer = undefined
    await started.running
    if (holder.__encreAuctionScheduler === started) holder.__encreAuctionScheduler = undefined
  }
}

/**
 * Asks the running scheduler to run soon (within a tick): what a use case's
 * announceAuctionScheduleChanged() does (an auction created). Does nothing when no scheduler runs.
 */
function wakeAuctionScheduler(): void {
  const current = holder.__encreAuctionScheduler
  if (!current || current.stopped || current.running) return
  schedule(current, 0)
}
