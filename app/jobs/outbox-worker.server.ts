import { logger } from '#app/logger.server'
import { renderBidEmailBody } from '#app/services/auctions/auction-emails.server'
import { resumeDeferredEmails } from '#app/services/mail/mail-status.server'
import { onEmailsQueued } from '#app/services/mail/outbox.server'
import { CLAIM_LEASE_MS, sendPendingEmails } from '#app/services/mail/send-pending-emails.server'
import { removeUnfinishedMailFiles } from '#app/services/mail/transport.server'
import { wakeableJob } from './wakeable-job.server'

/** Pause between two outbox runs, in ms. */
export const OUTBOX_INTERVAL_MS = 2000
/**
 * How long after a commit that queued e-mails the outbox runs, in ms: the e-mails of that moment
 * go out in one batch. In a bidding war (two e-mails per accepted bid, 100 bids a second), a run at
 * once after each commit claimed a few rows at a time: 40 claims and as many marks a second, each a
 * statement on the embedded database's only thread, between the bids (issue #10 §2, decision 033).
 */
export const OUTBOX_WAKE_DELAY_MS = 50

/**
 * Whether an e-mail may have failed since the last one that left: true at start (a previous
 * process may have left e-mails put off), then whenever one fails. The next e-mail that leaves
 * makes the put-off ones due at once ({@link resumeDeferredEmails}): after an SMTP outage the
 * backlog leaves when the server is back, not at each e-mail's next attempt, up to an hour away
 * (issue #37 §4). While e-mails leave normally, nothing more is asked of the database.
 */
let hasFailedSinceLastSent = true

const outboxJob = wakeableJob({
  globalKey: '__encreOutboxWorker',
  intervalMs: OUTBOX_INTERVAL_MS,
  wakeDelayMs: OUTBOX_WAKE_DELAY_MS,
  failure: "Erreur du service d'envoi des e-mails",
  listen: onEmailsQueued,
  pass: async (isStopped) => {
    // Drain: keep going while full batches come back, so a backlog goes out quickly.
    for (let round = 0; round < 10 && !isStopped(); round++) {
      const result = await sendPendingEmails({ limit: 20, renderBody: renderBidEmailBody })
      if (result.retried > 0) hasFailedSinceLastSent = true
      if (result.sent > 0 && hasFailedSinceLastSent) {
        hasFailedSinceLastSent = false
        if ((await resumeDeferredEmails(CLAIM_LEASE_MS)) > 0) continue
      }
      if (result.claimed < 20) break
    }
    return undefined
  },
})

/**
 * Starts the e-mail outbox worker (DESIGN.md §7): runs {@link sendPendingEmails} every
 * {@link OUTBOX_INTERVAL_MS} ms (and, when an e-mail leaves after failures, makes those put off
 * due again: {@link resumeDeferredEmails}), never two runs at once, on an unref'd timer (it does not keep the
 * process alive), and {@link OUTBOX_WAKE_DELAY_MS} after a committed `withOutbox` transaction that
 * queued an e-mail (it listens to `onEmailsQueued`, app/services/mail/outbox.server.ts). Starting it
 * twice restarts nothing: the running worker is kept. At start it removes the half-written `.eml`
 * files a killed process left ({@link removeUnfinishedMailFiles}).
 *
 * @returns an async function that stops the worker and waits for a batch being sent.
 */
export function startOutboxWorker(): () => Promise<void> {
  void removeUnfinishedMailFiles().catch((error: unknown) =>
    logger.warn({ err: error }, 'Nettoyage du dossier des e-mails impossible'),
  )
  return outboxJob.start()
}

/**
 * Asks the running worker to send soon (within {@link OUTBOX_WAKE_DELAY_MS}) instead of at its next
 * interval. Does nothing when no worker runs (tests, CLI). Use cases do not call it: they queue
 * e-mails inside `withOutbox` (app/services/mail/outbox.server.ts), whose commit reaches this
 * function through `onEmailsQueued`.
 */
export function wakeOutboxWorker(): void {
  outboxJob.wake()
}
