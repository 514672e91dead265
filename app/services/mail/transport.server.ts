import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { getEnv } from '#app/env.server'
import { logger } from '#app/logger.server'

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
}

/** Where e-mails go: an SMTP server, or `.eml` files under DATA_DIR/mail (DESIGN.md §7). */
export type MailTransport = {
  kind: 'smtp' | 'file'
  /** Sends one message. @throws Error when the SMTP server refuses it or cannot be reached, or the file cannot be written. */
  send: (message: MailMessage) => Promise<SentMail>
  /** Closes pooled connections (SMTP). */
  close: () => void
}

/** SMTP time limits in ms: a silent server must not hold the outbox worker for long. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

function envelope(message: MailMessage, from: string) {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost'
  return {
    from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    replyTo: message.replyTo ?? undefined,
    messageId: `<${message.id}.${crypto.randomBytes(4).toString('hex')}@${domain}>`,
    headers: { ...message.headers, 'X-Encre-Outbox-Id': message.id },
  }
}

function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transporter.sendMail(envelope(message, from))
      return { messageId: String(info.messageId) }
    },
    close: () => transporter.close(),
  }
}

function createFileTransport(mailDir: string, from: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'file',
    async send(message) {
      const info = await builder.sendMail(envelope(message, from))
      const raw = info.message as Buffer
      await fs.mkdir(mailDir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const safeId = message.id.replace(/[^\w-]/g, '_')
      const file = path.join(mailDir, `${stamp}-${safeId}.eml`)
      const temporary = `${file}.${process.pid}.tmp`
      await fs.writeFile(temporary, raw, { mode: 0o600 })
      await fs.rename(temporary, file)
      logger.info({ path: file, to: message.to, subject: message.subject }, 'E-mail écrit dans un fichier')
      return { messageId: String(info.messageId), path: file }
    },
    close: () => builder.close(),
  }
}

let cached: { key: string; transport: MailTransport } | undefined

/**
 * The mail transport for the current configuration (DESIGN.md §7): SMTP through nodemailer when
 * `SMTP_URL` is set (e.g. `smtp://user:pass@host:587`, `smtps://…:465`), else an RFC 822 `.eml` file
 * per message in `DATA_DIR/mail/` named `{ISO timestamp}-{id}.eml`, written atomically and logged.
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
