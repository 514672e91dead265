import { logger } from '#app/logger.server'

type State = {
  timer: NodeJS.Timeout | undefined
  /** When the timer fires (performance.now(), ms). */
  dueAt: number
  running: Promise<void> | undefined
  stopped: boolean
  /** A wake-up came during a pass: run again right after it. */
  again: boolean
  /** Stops listening to the wake-up signal. */
  unsubscribe: () => void
}

/** A background job run in passes, never two at once, that use cases can wake. */
export type WakeableJob = {
  /**
   * Starts the job (a first pass at once) unless it runs already; starting it twice keeps the
   * running one.
   * @returns an async function that stops the job and waits for a pass in progress.
   */
  start: () => () => Promise<void>
  /**
   * Asks the running job for a pass within its wake-up delay (after the current one); nothing when
   * it is stopped.
   */
  wake: () => void
}

/**
 * Declares a background job (DESIGN.md §6 scheduler, §7 outbox worker): `pass` runs at start,
 * then again after the delay it returns (or `intervalMs`, also after a failing pass, which is
 * logged as `failure`), and `wakeDelayMs` after `listen`'s signal fires (at once by default): the
 * signals of that delay share one pass. Never two passes at once in this process: a wake-up during
 * a pass runs another after it (at the same delay from its end). Timers are unref'd (they do not
 * keep the process alive). The state sits on `globalThis[globalKey]`, so development module
 * reloads still reach the job started at boot.
 *
 * @param spec.globalKey - a unique `globalThis` property name, e.g. '__encreOutboxWorker'.
 * @param spec.intervalMs - the default pause between two passes, in ms.
 * @param spec.failure - the log message of a failed pass, in French.
 * @param spec.wakeDelayMs - how long after a wake-up its pass runs, in ms (default 0). A job woken
 *   by every request of a busy moment (the outbox, by every bid's e-mails) then runs once for many
 *   of them instead of once each.
 * @param spec.listen - subscribes the wake-up to a signal; returns the unsubscribe function.
 * @param spec.pass - one pass; `isStopped()` turns true when the job is being stopped; resolves
 *   to the pause before the next pass in ms, or nothing for `intervalMs`.
 */
export function wakeableJob(spec: {
  globalKey: string
  intervalMs: number
  failure: string
  wakeDelayMs?: number
  listen: (wake: () => void) => () => void
  pass: (isStopped: () => boolean) => Promise<number | undefined>
}): WakeableJob {
  const holder = globalThis as unknown as Record<string, State | undefined>

  const wakeDelayMs = spec.wakeDelayMs ?? 0

  function schedule(current: State, delayMs: number): void {
    if (current.stopped) return
    if (current.timer) clearTimeout(current.timer)
    current.dueAt = performance.now() + delayMs
    current.timer = setTimeout(() => run(current), delayMs)
    current.timer.unref()
  }

  function run(current: State): void {
    current.timer = undefined
    if (current.stopped) return
    if (current.running) {
      current.again = true
      return
    }
    current.again = false
    current.running = (async () => {
      let delay = spec.intervalMs
      try {
        delay = (await spec.pass(() => current.stopped)) ?? spec.intervalMs
      } catch (error) {
        logger.error({ err: error }, spec.failure)
      } finally {
        current.running = undefined
        schedule(current, current.again ? wakeDelayMs : delay)
      }
    })()
  }

  function wake(): void {
    const current = holder[spec.globalKey]
    if (!current || current.stopped) return
    if (current.running) current.again = true
    // A pass already due within the delay serves this wake-up too.
    else if (!current.timer || current.dueAt > performance.now() + wakeDelayMs) schedule(current, wakeDelayMs)
  }

  function start(): () => Promise<void> {
    let current = holder[spec.globalKey]
    if (!current || current.stopped) {
      current = {
        timer: undefined,
        dueAt: 0,
        running: undefined,
        stopped: false,
        again: false,
        unsubscribe: () => {},
      }
      holder[spec.globalKey] = current
      current.unsubscribe = spec.listen(wake)
      schedule(current, 0)
    }
    const started = current
    return async () => {
      started.stopped = true
      started.unsubscribe()
      if (started.timer) clearTimeout(started.timer)
      started.timer = undefined
      await started.running
      if (holder[spec.globalKey] === started) holder[spec.globalKey] = undefined
    }
  }

  return { start, wake }
}

/**
 * The pause before a job's next pass when it waits for a deadline: until `next` plus `marginMs`
 * (so the deadline has passed by the database's clock too), within [`minMs`, `maxMs`].
 *
 * @param next - the next deadline, or null for none (then `maxMs`).
 * @param bounds - in ms: `maxMs` the job's interval, `minMs` so a past deadline never makes the
 *   timer spin, `marginMs` after the deadline.
 * @returns the pause in ms.
 */
export function delayUntil(
  next: Date | null,
  bounds: { maxMs: number; minMs: number; marginMs: number },
): number {
  const delay = next ? next.getTime() - Date.now() + bounds.marginMs : bounds.maxMs
  return Math.min(bounds.maxMs, Math.max(bounds.minMs, delay))
}
