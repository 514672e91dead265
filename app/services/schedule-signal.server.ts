/**
 * An in-process signal a use case gives when the deadlines a background job waits for change (an
 * auction created, an article scheduled), so the job plans its next run without the use case
 * knowing of it (issue #9 §3: services never import jobs). Another instance's job finds the change
 * at its next periodic run.
 */
export type ScheduleSignal = {
  /**
   * Calls `listener` each time the signal is given in this process.
   * @param listener - e.g. a job's wake-up; called synchronously, must not throw.
   * @returns a function that stops listening.
   */
  listen: (listener: () => void) => () => void
  /** Tells the listeners that the deadlines changed (call after the change is committed). */
  announce: () => void
}

/** Makes a {@link ScheduleSignal} (one per kind of deadline). */
export function scheduleSignal(): ScheduleSignal {
  const listeners = new Set<() => void>()
  return {
    listen: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    announce: () => {
      for (const listener of listeners) listener()
    },
  }
}
