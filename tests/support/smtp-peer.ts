import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { afterEach, beforeEach } from 'vitest'
import { setEnv } from './env'
import { createLocalSmtpServer } from './smtp-server.mjs'

/** A real SMTP server on a random local port, for tests (CONVENTIONS.md "E-mail in tests"). */
export type SmtpPeer = {
  /** `smtp://127.0.0.1:{port}`, to put in SMTP_URL. */
  url: string
  /** Every message accepted so far, parsed by mailparser. */
  received: ParsedMail[]
  /** Answers the next RCPT TO commands with `550 {message}` while true. */
  setRejecting: (rejecting: boolean) => void
  /** Accepts each next message only after `ms` (a slow server); 0 by default. */
  setDelay: (ms: number) => void
  /**
   * Resolves with the next message the peer reads in full (its DATA ended), before the delay and
   * the answer: the client does not know yet that it was taken. Rejects after `timeoutMs` (default
   * 5000 ms).
   */
  nextArrival: (timeoutMs?: number) => Promise<ParsedMail>
  /** Resolves when `count` messages have been received (rejects after `timeoutMs`, default 5000 ms). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>
  close: () => Promise<void>
}

/**
 * Starts an `smtp-server` on 127.0.0.1 with a random port, without TLS or authentication, parsing
 * every accepted message with `mailparser`. Test helper (tests/support): never imported by the application.
 *
 * @param options.port - listen on this port instead (a peer started again where a stopped one
 *   was, for the same SMTP_URL).
 */
export async function startSmtpPeer(options: { port?: number } = {}): Promise<SmtpPeer> {
  const received: ParsedMail[] = []
  let rejecting = false
  let delayMs = 0
  /** Who waits for the next message read in full ({@link SmtpPeer.nextArrival}). */
  let arrivals: Array<(mail: ParsedMail) => void> = []
  const server = createLocalSmtpServer({
    onRcptTo(_address, _session, callback) {
      if (!rejecting) return callback()
      const error = new Error('Boîte aux lettres indisponible') as Error & { responseCode: number }
      error.responseCode = 550
      callback(error)
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const waiting = arrivals
          arrivals = []
          for (const resolve of waiting) resolve(mail)
          await new Promise((resolve) => setTimeout(resolve, delayMs))
          received.push(mail)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  // A client killed mid-conversation resets its connection: its failure, not the peer's.
  server.on('error', () => undefined)
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setRejecting: (value) => {
      rejecting = value
    },
    setDelay: (ms) => {
      delayMs = ms
    },
    nextArrival(timeoutMs = 5000) {
      return new Promise<ParsedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          arrivals = arrivals.filter((entry) => entry !== arrived)
          reject(new Error(`Aucun e-mail reçu en ${timeoutMs} ms`))
        }, timeoutMs)
        const arrived = (mail: ParsedMail) => {
          clearTimeout(timer)
          resolve(mail)
        }
        arrivals.push(arrived)
      })
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} e-mail(s) reçu(s) au lieu de ${count}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Test setup, called at the top of a file or `describe`: before each test a real SMTP peer starts
 * and SMTP_URL points to it (restored after the test by setEnv), so the outbox worker's
 * `sendPendingEmails` delivers there; it is closed after each test.
 *
 * @returns a function giving the running test's peer (its `received` mails, `waitFor(count)`).
 */
export function useSmtpPeer(): () => SmtpPeer {
  let peer: SmtpPeer | undefined
  beforeEach(async () => {
    peer = await startSmtpPeer()
    setEnv({ SMTP_URL: peer.url })
  })
  afterEach(async () => {
    await peer?.close()
    peer = undefined
  })
  return () => {
    if (!peer) throw new Error('Le pair SMTP ne tourne que pendant un test')
    return peer
  }
}
