// @ts-check
import { SMTPServer } from 'smtp-server'

/**
 * A local SMTP server without TLS nor authentication, the one setup of the tests' SMTP peer
 * (tests/support/smtp-peer.ts) and of the auction bench's mail relay (bench/smtp-sink.worker.mjs).
 * Closing it does not wait for the site's pooled SMTP connections, which stay open between
 * e-mails (100 ms, not smtp-server's 30 s). Plain JavaScript, so that the bench's worker thread
 * can import it. Not started: the caller listens.
 *
 * @param {Pick<import('smtp-server').SMTPServerOptions, 'onRcptTo' | 'onData'>} handlers - what
 *   to do with each recipient (accept by default) and each message.
 * @returns {SMTPServer} the server, not listening yet.
 */
export function createLocalSmtpServer(handlers) {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 100,
    logger: false,
    ...handlers,
  })
}
