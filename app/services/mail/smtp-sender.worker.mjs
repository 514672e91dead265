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
 * workerData: `{ smtpUrl, options, niceIncrement }`, nodemailer's SMTP URL, its other transport
 * options, and how many nice steps this thread goes below the thread that started it (0: none).
 * Messages in: `{ type: 'send', seq, mail }` (nodemailer's message fields) and `{ type: 'close' }`
 * (closes the connections, then the thread ends). Messages out, one per `send`:
 * `{ seq, messageId }` when the server accepted the message, `{ seq, error, code, responseCode }` (its
 * text, nodemailer's code, the server's reply code) when not.
 */
import { parentPort, workerData } from 'node:worker_threads'
import nodemailer from 'nodemailer'
import { lowerThreadPriority } from '../../lib/thread-priority.mjs'

/** @type {{ smtpUrl: string, options: Record<string, unknown>, niceIncrement?: number }} */
const { smtpUrl, options, niceIncrement = 0 } = workerData
lowerThreadPriority(niceIncrement)

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, ...options })

port.on(
  'message',
  (/** @type {{ type: string, seq?: number, mail?: Record<string, unknown> }} */ message) => {
    if (message.type === 'close') {
      transporter.close()
      port.close()
      return
    }
    const { seq, mail } = message
    transporter.sendMail(mail ?? {}).then(
      (info) => port.postMessage({ seq, messageId: String(info.messageId) }),
      (/** @type {unknown} */ error) => {
        // nodemailer's `code` ('ECONNECTION', 'EENVELOPE'…) and the server's `responseCode` (550…)
        // tell a refusal of the message from a server that could not be reached (issue #37 §4).
        const { code, responseCode } = /** @type {{ code?: unknown, responseCode?: unknown }} */ (error ?? {})
        port.postMessage({
          seq,
          error: error instanceof Error ? error.message : String(error),
          code: typeof code === 'string' ? code : undefined,
          responseCode: typeof responseCode === 'number' ? responseCode : undefined,
        })
      },
    )
  },
)
