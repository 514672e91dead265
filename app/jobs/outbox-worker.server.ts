import { logger } from '#app/logger.server'
import { onEmailsQueued } from '#app/services/mail/outbox.server'
import { sendPendingEmails } from '#app/services/mail/send-pending-emails.server'

/** Pause between two outbox runs, in ms. */
export const OUTBOX_INTERVAL_MS = 2000

type Worker = {
  timer: NodeJS.Timeout | undefined
  running: Promise<void> | undefined
  stopped: boolean
  /** A wake-up came during a run: run again right after it. */
  again: boolean
  /** Stops listening to `withOutbox` commits. */
  unsubscribe: () => void
}

// On globalThis so development module reloads still reach the worker started at boot.
const holder = globalThis as typeof globalThis & { __encreOutboxWorker?: Worker }

function schedule(current: Worker, delayMs: number): void {
  if (current.stopped) return
  if (current.timer) clearTimeout(current.timer)
  current.timer = setTimeout(() => run(current), delayMs)
  current.timer.unref()
}

function run(current: Worker): void {
  current.timer = undefined
  if (current.stopped) return
  if (current.running) {
    current.again = true
    return
  }
  current.again = false
  current.running = (async () => {
    try {
      // Drain: keep going while full batches come back, so a backlog goes out quickly.
      for (let round = 0; round < 10 && !current.stopped; round++) {
        const result = await sendPendingEmails({ limit: 20 })
        if (result.claimed < 20) break
      }
    } catch (error) {
      logger.error({ err: error }, "Erreur du service d'envoi des e-mails")
    } finally {
      current.running = undefined
      schedule(current, current.again ? 0 : OUTBOX_INTERVAL_MS)
    }
  })()
}

/**
 * Starts the e-mail outbox worker (DESIGN.md §7): runs {@link sendPendingEmails} every
 * {@link OUTBOX_INTERVAL_MS} ms, never two runs at once, on an unref'd timer (it does not keep the
 * process alive), and at once after each committed `withOutbox` transaction that queued an e-mail
 * (it listens to `onEmailsQueued`, app/services/mail/outbox.server.ts). Starting it twice restarts
 * nothing: the running worker is kept.
 *
 * @returns an async function that stops the worker and waits for a batch being sent.
 */
export function startOutboxWorker(): () => Promise<void> {
  let current = holder.__encreOutboxWorker
  if (!current || current.stopped) {
    current = {
      timer: undefined,
      running: undefined,
      stopped: false,
      again: false,
      unsubscribe: onEmailsQueued(wakeOutboxWorker),
    }
    holder.__encreOutboxWorker = current
    schedule(current, 0)
  }
  const started = current
  return async () => {
    started.stopped = true
    started.unsubscribe()
    if (started.timer) clearTimeout(started.timer)
    started.timer = undefined
    await started.running
    if (holder.__encreOutboxWorker === started) holder.__encreOutboxWorker = undefined
  }
}

/**
 * Asks the running worker to send soon (within a tick) instead of at its next interval. Does
 * nothing when no worker runs (tests, CLI). Use cases do not call it: they queue e-mails inside
 * `withOutbox` (app/services/mail/outbox.server.ts), whose commit reaches this function through
 * `onEmailsQueued`.
 */
export function wakeOutboxWorker(): void {
  const current = holder.__encreOutboxWorker
  if (!current || current.stopped) return
  if (current.running) current.again = true
  else schedule(current, 0)
}
