import { logger } from '#app/logger.server'

/**
 * Runs `task` once after `firstDelayMs`, then every `everyMs` (both in ms), never twice at once:
 * a pass still running when the next is due makes that one skip. A failing pass is logged as
 * `failure` and the schedule goes on. The timers do not keep the process alive.
 *
 * @param spec.task - one pass; its rejection is logged, never thrown.
 * @param spec.failure - the log message of a failed pass, in French.
 * @returns a function stopping the schedule (a running pass finishes).
 */
export function startPeriodicTask(spec: {
  firstDelayMs: number
  everyMs: number
  failure: string
  task: () => Promise<void>
}): () => void {
  let running = false
  const pass = async () => {
    if (running) return
    running = true
    try {
      await spec.task()
    } catch (error) {
      logger.error({ err: error }, spec.failure)
    } finally {
      running = false
    }
  }
  const first = setTimeout(() => void pass(), spec.firstDelayMs)
  const timer = setInterval(() => void pass(), spec.everyMs)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
