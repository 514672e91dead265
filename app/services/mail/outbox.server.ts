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

/** E-mails inserted into the outbox by this process so far ({@link countQueuedEmails}). */
let queuedTotal = 0

/**
 * The open {@link withOutbox} transactions, so that a nested call knows it is one. Kept beside the
 * transaction objects rather than in an AsyncLocalStorage: on Node 20 that would install promise
 * hooks, a cost paid by every promise of the process (issue #10 §2).
 */
const outboxTransactions = new WeakSet<Executor>()

/**
 * Runs `work` in one transaction and, once it has committed, signals the outbox worker if `work`
 * queued e-mails ({@link enqueueEmail} with the transaction or a savepoint of it). When `work` throws,
 * the transaction rolls back, nothing is signalled and the error propagates. Nested calls (given
 * the outer call's `tx` as `executor`) open a savepoint and signal with the outermost commit.
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
  // Nested: a savepoint; the outermost call signals once everything has committed.
  if (outboxTransactions.has(executor)) return executor.transaction(work)
  const before = queuedTotal
  const result = await executor.transaction((tx) => {
    outboxTransactions.add(tx)
    return work(tx)
  })
  const queued = queuedTotal - before
  if (queued > 0) signal.emit(EMAILS_QUEUED, queued)
  return result
}

/**
 * Counts e-mails written to the outbox by this process. Called by {@link enqueueEmail} after its
 * insert: a {@link withOutbox} call signals after its commit when the count rose meanwhile (by its
 * own e-mails, in savepoints too, or by those of a transaction running beside it: a signal too
 * many only makes the worker look once more). E-mails queued outside `withOutbox` go out at the
 * worker's next poll.
 *
 * @param count - how many rows were inserted.
 */
export function countQueuedEmails(count: number): void {
  queuedTotal += count
}

/**
 * Tells the outbox worker about e-mails a statement run in autocommit has just written (the bid
 * desk's batch, issue #34 §1): counted and signalled at once, as {@link withOutbox} does after
 * its commit.
 *
 * @param count - how many rows the committed statement inserted; 0 signals nothing.
 */
export function signalCommittedEmails(count: number): void {
  if (count <= 0) return
  queuedTotal += count
  signal.emit(EMAILS_QUEUED, count)
}

/**
 * Subscribes to "e-mails are waiting in the outbox", heard after each committed {@link withOutbox}
 * transaction that queued at least one e-mail.
 *
 * @param listener - called synchronously after the commit with the number of e-mails this process
 *   queued during the transaction (its own, and those of transactions beside it); must not throw
 *   (it runs in the use case's call).
 * @returns a function that unsubscribes.
 */
export function onEmailsQueued(listener: (count: number) => void): () => void {
  signal.on(EMAILS_QUEUED, listener)
  return () => {
    signal.off(EMAILS_QUEUED, listener)
  }
}
