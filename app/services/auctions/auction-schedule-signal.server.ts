import { scheduleSignal } from '#app/services/schedule-signal.server'

/**
 * The signal a use case gives when auction deadlines change (an auction created, its dates moved),
 * so the scheduler (app/jobs/auction-scheduler.server.ts) plans its next run (issue #9 §3).
 */
const signal = scheduleSignal()

/** Calls `listener` each time auction deadlines change in this process; returns the unsubscribe. */
export const onAuctionScheduleChanged = signal.listen

/** Tells the listeners that auction deadlines changed (after the change is committed). */
export const announceAuctionScheduleChanged = signal.announce
