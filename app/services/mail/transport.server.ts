import fs from 'node:fs/promises'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import nodemailer from 'nodemailer'
import { getEnv } from '#app/env.server'
import { logger } from '#app/logger.server'
import { isProcessRunning } from '#app/process.server'

/** One message to send; `from` is always MAIL_FROM. */
export type MailMessage = {
  /** Outbox row id, used in the .eml file name and the Message-ID (any short id works). */
  id: string
  to: string
  subject: string
  html: string
  text: string
  replyTo?: string | null
  /** Extra headers (e.g. List-Unsubscribe); they never replace the ones set here. */
  headers?: Record<string, string> | null
}

/** What a transport answers for a message it accepted. */
export type SentMail = {
  messageId: string
  /** Absolute path of the written .eml file (file transport only). */
  path?: string
  /**
   * To call once the outbox has recorded the message as sent (or failed to): until then no other
   * message of this transport may finish leaving (SMTP; decision 039). Absent for files.
   */
  release?: () => void
}

/** Where e-mails go: an SMTP server, or `.eml` files under DATA_DIR/mail (DESIGN.md §7). */
export type MailTransport = {
  kind: 'smtp' | 'file'
  /**
   * Sends one message; the caller records it as sent, then calls the answer's `release`.
   * @throws Error when the SMTP server refuses it or cannot be reached, or the file cannot be written.
   */
  send: (message: MailMessage) => Promise<SentMail>
  /**
   * Gets ready to send without sending (SMTP: starts the sender's thread, which loads nodemailer —
   * about 100 ms of a core), so that the first e-mail of a bidding war does not wait for it. Does
   * nothing when ready, or for files.
   */
  prepare: () => void
  /** Closes pooled connections (SMTP). */
  close: () => void
}

/**
 * Tells a failure the message is not to blame for — the SMTP server could not be reached, timed
 * out, answered "try later" (4xx) or refused our credentials, the mail folder's disk is full, the
 * sender's thread stopped — from the server refusing this message for good (a 5xx reply, an
 * address nodemailer cannot send to). The outbox never gives up an e-mail for the first kind:
 * an SMTP server down for hours delays e-mails, it loses none (issue #37 §4, decision 037).
 *
 * @param error - what {@link MailTransport.send} threw (nodemailer's `code`, the server's
 *   `responseCode`, Node's `code` for files).
 * @returns true when sending it again later may succeed without changing it.
 */
export function isTemporaryMailFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown }
  if (code === 'EAUTH') return true
  if (typeof responseCode === 'number') return responseCode < 500
  return code !== 'EENVELOPE' && code !== 'EMESSAGE'
}

/** SMTP time limits in ms: a silent server must not hold the outbox worker for long. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/**
 * How many SMTP connections the sender's pool opens at most (nodemailer's `maxConnections`, its
 * default value): the outbox sends that many e-mails of a batch at once (`SEND_CONCURRENCY`).
 */
export const SMTP_POOL_SIZE = 5

/**
 * How many nice steps the SMTP sender's thread runs below the web process (decision 033): on this
 * 2-core host it took about a fifth of a core in a bidding war, beside the thread that answers the
 * bids. 10 steps apart, the thread answering the bids gets about nine tenths of a core it shares
 * with the sender; the e-mails still all go out, a few milliseconds later.
 */
export const SMTP_SENDER_NICE_INCREMENT = 10

/** An outbox row's Message-ID, the same at every attempt: `<{id}@{MAIL_FROM's domain}>` (decision 003). */
function messageIdOf(id: string, from: string): string {
  return `<${id}@${/@([^\s>]+)/.exec(from)?.[1] ?? 'localhost'}>`
}

function envelope(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    replyTo: message.replyTo ?? undefined,
    // The same at every attempt: a resend after a crash is recognisable as one (decision 003).
    messageId: messageIdOf(message.id, from),
    headers: { ...message.headers, 'X-Encre-Outbox-Id': message.id },
  }
}

/** The SMTP sender's script (a worker thread), from the project's folder as every path here. */
const SMTP_SENDER_SCRIPT = path.resolve(process.cwd(), 'app/services/mail/smtp-sender.worker.mjs')

type SenderAnswer = { seq: number; messageId?: string; error?: string; code?: string; responseCode?: number }
type Waiting = { resolve: (sent: SentMail) => void; reject: (error: Error) => void }

/**
 * SMTP through nodemailer, pooled (the e-mails of a bidding war go over kept connections, not one
 * handshake each), one message at a time finishing until the outbox has recorded it (its
 * `release`, decision 039), in a worker thread (app/services/mail/smtp-sender.worker.mjs): building and
 * writing the messages stays off the thread that answers the requests, and below its CPU priority
 * ({@link SMTP_SENDER_NICE_INCREMENT}). The thread starts with the first e-mail and again after it
 * stopped; the e-mails it had not answered fail, to be retried.
 */
function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  /** The running thread and the sends it has not answered yet (they fail with it). */
  let sender: { worker: Worker; waiting: Map<number, Waiting> } | undefined
  let seq = 0
  const start = () => {
    const worker = new Worker(SMTP_SENDER_SCRIPT, {
      workerData: {
        smtpUrl,
        options: { ...SMTP_TIMEOUTS, maxConnections: SMTP_POOL_SIZE },
        niceIncrement: SMTP_SENDER_NICE_INCREMENT,
      },
    })
    const started = { worker, waiting: new Map<number, Waiting>() }
    worker.unref()
    worker.on('message', (answer: SenderAnswer) => {
      const entry = started.waiting.get(answer.seq)
      if (!entry) return
      started.waiting.delete(answer.seq)
      if (answer.error !== undefined)
        entry.reject(
          Object.assign(new Error(answer.error), { code: answer.code, responseCode: answer.responseCode }),
        )
      else
        entry.resolve({
          messageId: String(answer.messageId),
          release: () => worker.postMessage({ type: 'release', seq: answer.seq }),
        })
    })
    worker.on('error', (error) => {
      logger.error({ err: error }, "Échec de l'envoi des e-mails par SMTP")
    })
    worker.once('exit', () => {
      if (sender === started) sender = undefined
      const stopped = new Error("L'envoi SMTP s'est interrompu avant la réponse du serveur.")
      for (const entry of started.waiting.values()) entry.reject(stopped)
      started.waiting.clear()
    })
    return started
  }
  return {
    kind: 'smtp',
    send(message) {
      sender ??= start()
      const { worker, waiting } = sender
      const id = ++seq
      return new Promise<SentMail>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        worker.postMessage({ type: 'send', seq: id, mail: envelope(message, from) })
      })
    },
    prepare() {
      sender ??= start()
    },
    close() {
      const worker = sender?.worker
      sender = undefined
      worker?.postMessage({ type: 'close' })
    },
  }
}

function createFileTransport(mailDir: string, from: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  // The folder is made once per transport, not before each e-mail (a bidding war writes hundreds).
  let folder: Promise<unknown> | undefined
  return {
    kind: 'file',
    async send(message) {
      // Named by the outbox row alone: an e-mail sent again after a crash (written, not yet marked
      // sent) finds its file and is not written twice (decision 039).
      const safeId = message.id.replace(/[^\w-]/g, '_')
      const file = path.join(mailDir, `${safeId}.eml`)
      if (
        await fs.stat(file).then(
          () => true,
          () => false,
        )
      ) {
        logger.info({ path: file }, 'E-mail déjà écrit, pas écrit deux fois')
        return { messageId: messageIdOf(message.id, from), path: file }
      }
      const info = await builder.sendMail(envelope(message, from))
      const raw = info.message as Buffer
      const temporary = `${file}.${process.pid}.tmp`
      const write = () => fs.writeFile(temporary, raw, { mode: 0o600 })
      folder ??= fs.mkdir(mailDir, { recursive: true })
      await folder.then(write).catch(async (error: unknown) => {
        // The folder failed to be made, or was removed since: made again, once.
        folder = undefined
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        folder = fs.mkdir(mailDir, { recursive: true })
        await folder.then(write)
      })
      await fs.rename(temporary, file)
      logger.info({ path: file, to: message.to, subject: message.subject }, 'E-mail écrit dans un fichier')
      return { messageId: String(info.messageId), path: file }
    },
    prepare: () => undefined,
    close: () => builder.close(),
  }
}

/** A file being written by {@link createFileTransport}: `{name}.eml.{pid}.tmp`. */
const UNFINISHED_MAIL = /\.eml\.(\d+)\.tmp$/

/**
 * Removes the half-written e-mail files left in `DATA_DIR/mail` by a process killed while writing
 * one (issue #12 §5): `*.eml.{pid}.tmp` whose process no longer runs. The outbox sends those e-mails
 * again (their rows were never marked sent). Called once at start by the outbox worker.
 *
 * @returns the names removed (none when the folder does not exist).
 */
export async function removeUnfinishedMailFiles(): Promise<string[]> {
  const mailDir = path.join(getEnv().DATA_DIR_ABS, 'mail')
  const names = await fs.readdir(mailDir).catch(() => [] as string[])
  const removed: string[] = []
  for (const name of names) {
    const pid = Number(UNFINISHED_MAIL.exec(name)?.[1] ?? 0)
    if (pid === 0 || isProcessRunning(pid)) continue
    await fs.rm(path.join(mailDir, name), { force: true })
    removed.push(name)
  }
  if (removed.length > 0) logger.warn({ files: removed }, 'E-mails à moitié écrits supprimés')
  return removed
}

let cached: { key: string; transport: MailTransport } | undefined

/**
 * The mail transport for the current configuration (DESIGN.md §7): SMTP through nodemailer when
 * `SMTP_URL` is set (e.g. `smtp://user:pass@host:587`, `smtps://…:465`), else an RFC 822 `.eml` file
 * per message in `DATA_DIR/mail/` named `{outbox id}.eml`, written atomically and logged, and
 * written once: a message whose file exists is taken as sent (decision 039).
 * Messages come from `MAIL_FROM`. Re-created when the configuration changes (tests).
 */
export function getMailTransport(): MailTransport {
  const env = getEnv()
  const mailDir = path.join(env.DATA_DIR_ABS, 'mail')
  const key = `${env.SMTP_URL ?? ''}|${mailDir}|${env.MAIL_FROM}`
  if (cached?.key !== key) {
    cached?.transport.close()
    cached = {
      key,
      transport: env.SMTP_URL
        ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM)
        : createFileTransport(mailDir, env.MAIL_FROM),
    }
  }
  return cached.transport
}
