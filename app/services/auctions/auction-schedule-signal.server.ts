/**
 * The signal a use case gives when auction deadlines change (an auction created, its dates moved),
 * so the scheduler (app/jobs/auction-scheduler.server.ts) plans its next run without the use case
 * knowing of it (issue #9 §3: services never import jobs). In-process only: another instance's
 * scheduler finds the change at its next periodic run.
 */
const listeners = new Set<() => void>()

/**
 * Calls `listener` each time auction deadlines change in this process.
 *
 * @param listener - e.g. the scheduler's wake-up; called synchronously, must not throw.
 * @returns a function that stops listening.
 */
export function onAuctionScheduleChanged(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Tells the listeners that auction deadlines changed (after the change is committed). */
export function announceAuctionScheduleChanged(): void {
  for (const listener of listeners) listener()
}
