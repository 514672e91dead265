/** Starts the e-mail outbox worker. @returns a function stopping it. */
export function startOutboxWorker(): () => Promise<void> {
  return async () => {}
}
