import { AsyncLocalStorage } from 'node:async_hooks'
import { EventEmitter } from 'node:events'
import { type Executor, getDb, type Transaction } from '#app/db/client.server'

/**
 * The one way a use case that queues e-mails tells the outbox worker (DESIGN.md §7; issue #9 §3):
 * it runs its transaction through {@link withOutbox}; every {@link enqueueEmail} inside counts; after
 * the commit, if anything was queued, {@link onEmailsQueued} listeners hear it. The worker
 * (app/jobs/outbox-worker.server.ts) subscribes at start-up, so services never import jobs.
 */

const EMAILS_QUEUED = 'emails-queued'

// On globalThis, like the worker: after a development module reload the worker started at boot
// still hears the use cases of the reloaded modules.
const holder = globalThis as typeof globalThis & { __encreOutboxSignal?: EventEmitter }
holder.__encreOutboxSignal ??= new EventEmitter()
const signal = holder.__encreOutboxSignal

/** E-mails queued so far by the {@link withOutbox} transaction that is running. */
type OutboxScope = { queued: number }

const scope = new AsyncLocalStorage<OutboxScope>()

/**
 * Runs `work` in one transaction and, once it has committed, signals the outbox worker if `work`
 * queued e-mails ({@link enqueueEmail} with the transaction or a savepoint of it). When `work` throws,
 * the transaction rolls back, nothing is signalled and the error propagates. Nested calls (inside
 * another `withOutbox`) open a savepoint and signal with the outermost commit.
 *
 * Inside `work`, query through `tx` only, and prepare (render) e-mails before the call: on PGlite a
 * query through `getDb()` waits for the open transaction and never returns.
 *
 * @example
 *   // before: await getDb().transaction(async (tx) => { … enqueueEmail(tx, email) … }); wakeOutboxWorker()
 *   await withOutbox(async (tx) => { … enqueueEmail(tx, email) … })
 *
 * @param work - the use case's transaction body; receives the Drizzle transaction.
 * @param executor - where to open the transaction: the database (default `getDb()`), or the
 *   caller's transaction when already inside a `withOutbox`.
 * @returns what `work` returned.
 * @throws whatever `work` or the database throws (after the rollback).
 */
export async function withOutbox<T>(
  work: (tx: Transaction) => Promise<T>,
  executor: Executor = getDb(),
): Promise<T> {
  const outer = scope.getStore()
  if (outer) return executor.transaction(work)
  const current: OutboxScope = { queued: 0 }
  const result = await scope.run(current, () => executor.transaction(work))
  if (current.queued > 0) signal.emit(EMAILS_QUEUED, current.queued)
  return result
}

/**
 * Counts one e-mail written to the outbox by the running {@link withOutbox} transaction. Called by
 * {@link enqueueEmail} after its insert; outside `withOutbox` it does nothing (the worker's poll
 * sends the e-mail at its next interval).
 */
export function countQueuedEmail(): void {
  const current = scope.getStore()
  if (current) current.queued++
}

/**
 * Subscribes to "e-mails are waiting in the outbox", heard after each committed {@link withOutbox}
 * transaction that queued at least one e-mail.
 *
 * @param listener - called synchronously after the commit with the number of e-mails queued; must
 *   not throw (it runs in the use case's call).
 * @returns a function that unsubscribes.
 */
export function onEmailsQueued(listener: (count: number) => void): () => void {
  signal.on(EMAILS_QUEUED, listener)
  return () => {
    signal.off(EMAILS_QUEUED, listener)
  }
}
