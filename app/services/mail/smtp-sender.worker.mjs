// @ts-check
/**
 * The SMTP sender (issue #10 §2): a worker thread of the web process that turns each e-mail into
 * its MIME message and sends it over pooled SMTP connections, through nodemailer. In a bidding war
 * the outbox sends about one e-mail per accepted bid; building and writing them took about 15 % of
 * the web process's only thread, which its bids then waited for. Here it runs beside it.
 * Plain JavaScript with no import of the app, so that every way of running Encre (`npm start`,
 * `npm run dev`, the tests) starts it the same way, from the project's folder
 * (app/services/mail/transport.server.ts).
 *
 * It also runs below the process's CPU priority (`niceIncrement`, decision 033): an e-mail may leave
 * a few milliseconds later, a bid may not wait for one to be built.
 *
 * Each e-mail leaves once (decision 039): the messages of the pool travel side by side, but only
 * one at a time is *finished* (its closing dot sent) and not yet recorded by the outbox. The body
 * goes out at once, its end waits for its turn: the previous finished message's `release`, which
 * the outbox sends once it has marked that row sent. A process killed at any moment thus leaves at
 * most one e-mail that the server took and the outbox did not record; the others' DATA never ended,
 * and a server drops a message whose DATA did not end.
 *
 * workerData: `{ smtpUrl, options, niceIncrement }`, nodemailer's SMTP URL, its other transport
 * options, and how many nice steps this thread goes below the thread that started it (0: none).
 * Messages in: `{ type: 'send', seq, mail }` (nodemailer's message fields), `{ type: 'release',
 * seq }` (the outbox recorded that message: the next one may end) and `{ type: 'close' }` (closes
 * the connections, then the thread ends). Messages out, one per `send`: `{ seq, messageId }` when
 * the server accepted the message, `{ seq, error, code, responseCode }` (its text, nodemailer's
 * code, the server's reply code) when not.
 */
import { PassThrough } from 'node:stream'
import { parentPort, workerData } from 'node:worker_threads'
import nodemailer from 'nodemailer'
import MailComposer from 'nodemailer/lib/mail-composer'
import { lowerThreadPriority } from '../../lib/thread-priority.mjs'

/** @type {{ smtpUrl: string, options: Record<string, unknown>, niceIncrement?: number }} */
const { smtpUrl, options, niceIncrement = 0 } = workerData
lowerThreadPriority(niceIncrement)

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, ...options })

/**
 * Longest wait for the outbox's `release`, in ms: past it the next message ends anyway (an outbox
 * that never answers must not stop the mail).
 */
const RELEASE_TIMEOUT_MS = 30_000

/** The turn of the next message to end: resolved once the previous finished one is released. */
let turn = Promise.resolve()
/** The release of each accepted message the outbox has not recorded yet, by seq. */
const releases = new Map()

/**
 * Sends one message, its end held until its turn (see above).
 * @param {number} seq
 * @param {Record<string, unknown> & { from: string, to: string, messageId: string }} mail
 */
async function send(seq, mail) {
  /** @type {(value?: unknown) => void} */
  let resolveReleased = () => undefined
  const released = new Promise((resolve) => {
    resolveReleased = resolve
  })
  /** @type {NodeJS.Timeout | undefined} */
  let timer
  const release = () => {
    clearTimeout(timer)
    resolveReleased()
  }
  const myTurn = turn
  turn = myTurn.then(() => released)
  try {
    const raw = await new MailComposer(mail).compile().build()
    const body = new PassThrough()
    body.write(raw)
    void myTurn.then(() => body.end())
    await transporter.sendMail({
      envelope: { from: mail.from, to: mail.to },
      messageId: mail.messageId,
      raw: body,
    })
    releases.set(seq, release)
    timer = setTimeout(() => {
      releases.delete(seq)
      release()
    }, RELEASE_TIMEOUT_MS)
    port.postMessage({ seq, messageId: mail.messageId })
  } catch (/** @type {unknown} */ error) {
    // Not accepted: the next message need not wait for this one.
    release()
    // nodemailer's `code` ('ECONNECTION', 'EENVELOPE'…) and the server's `responseCode` (550…)
    // tell a refusal of the message from a server that could not be reached (issue #37 §4).
    const { code, responseCode } = /** @type {{ code?: unknown, responseCode?: unknown }} */ (error ?? {})
    port.postMessage({
      seq,
      error: error instanceof Error ? error.message : String(error),
      code: typeof code === 'string' ? code : undefined,
      responseCode: typeof responseCode === 'number' ? responseCode : undefined,
    })
  }
}

port.on(
  'message',
  (
    /** @type {{ type: string, seq?: number, mail?: Record<string, unknown> & { from: string, to: string, messageId: string } }} */ message,
  ) => {
    if (message.type === 'close') {
      transporter.close()
      port.close()
      return
    }
    const seq = Number(message.seq)
    if (message.type === 'release') {
      releases.get(seq)?.()
      releases.delete(seq)
      return
    }
    if (message.mail) void send(seq, message.mail)
  },
)
