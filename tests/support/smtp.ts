import { afterEach, beforeEach } from 'vitest'
import { type SmtpPeer, startSmtpPeer } from '#app/services/mail/testing/smtp-peer.server'
import { setEnv } from './env'

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
