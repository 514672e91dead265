/**
 * The SMTP server down for an hour (issue #37 §4, decision 037), against a real SMTP peer that is
 * stopped, then started again on the same port. An hour is simulated with the outbox's own clock:
 * each round makes every waiting e-mail due, as if its backoff had elapsed, and the backoff each
 * attempt chose is added up. Runs on both engines (PGlite, or TEST_DATABASE_URL's server).
 */
import { eq, sql } from 'drizzle-orm'
import { afterEach, expect, it } from 'vitest'
import { getDb, queryRows } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { serveHealth } from '#app/http/health.server'
import { startOutboxWorker, wakeOutboxWorker } from '#app/jobs/outbox-worker.server'
import AdminIndex, { loader as adminIndexLoader } from '#app/routes/admin/index'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import {
  MAX_EMAIL_ATTEMPTS,
  RETRY_MAX_MS,
  retryDelayMs,
  sendPendingEmails,
} from '#app/services/mail/send-pending-emails.server'
import { setEnv } from '#tests/support/env'
import { startTestServer } from '#tests/support/http-server'
import { TEST_EMAIL } from '#tests/support/mail'
import { adminCookie, renderRoute, runLoader } from '#tests/support/routes'
import { type SmtpPeer, startSmtpPeer } from '#tests/support/smtp-peer'

const QUEUED = 12
const HOUR_MS = 60 * 60_000

let peer: SmtpPeer | undefined
let stopWorker: (() => Promise<void>) | undefined

afterEach(async () => {
  await stopWorker?.()
  await peer?.close()
  peer = undefined
})

/** GET /healthz through the real handler. */
async function health() {
  const server = await startTestServer((req, res) => serveHealth(req, res, () => res.end()))
  try {
    const answer = await fetch(`${server.origin}/healthz`)
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  } finally {
    await server.close()
  }
}

/** The dashboard as the artist reads it (its HTML). */
async function dashboardHtml(cookie: string): Promise<string> {
  const answer = (await runLoader(adminIndexLoader as never, '/admin', cookie)) as { data: unknown }
  // Without React's markers between adjacent texts: the words as they read.
  return renderRoute(AdminIndex as never, answer.data, '/admin').replaceAll('<!-- -->', '')
}

async function waiting() {
  return queryRows<{ id: string; tentatives: number; delai_ms: number; derniere_erreur: string | null }>(
    getDb(),
    sql`select id, tentatives, derniere_erreur,
          (extract(epoch from prochaine_tentative_le - now()) * 1000)::float8 as delai_ms
        from emails_sortants where statut = 'en_attente' order by cree_le`,
  )
}

it('SMTP down for an hour: the outbox backs off, /healthz and the dashboard say mail is failing, nothing is lost, each e-mail leaves once when the server is back', {
  timeout: 120_000,
}, async () => {
  const cookie = await adminCookie()
  peer = await startSmtpPeer()
  const port = Number(new URL(peer.url).port)
  setEnv({ SMTP_URL: peer.url, MAIL_FROM: 'Encre <no-reply@exemple.fr>' })
  const ids: string[] = []
  for (let index = 0; index < QUEUED; index++)
    ids.push((await enqueueEmail(getDb(), { ...TEST_EMAIL, sujet: `Message ${index}` })).id)
  await peer.close()
  peer = undefined

  // An hour and more of outage, one round per attempt: every attempt fails, none gives up.
  let simulatedMs = 0
  let round = 0
  while (simulatedMs < 2 * HOUR_MS || round <= MAX_EMAIL_ATTEMPTS) {
    round++
    await getDb()
      .update(emailsSortants)
      .set({ prochaine_tentative_le: sql`now()` })
      .where(eq(emailsSortants.statut, 'en_attente'))
    const result = await sendPendingEmails({ limit: 50 })
    expect(result).toEqual({ claimed: QUEUED, sent: 0, retried: QUEUED, failed: 0 })
    const rows = await waiting()
    expect(rows).toHaveLength(QUEUED)
    // The outbox backs off: each attempt waits twice the previous one, up to an hour.
    const expected = retryDelayMs(round)
    for (const row of rows) {
      expect(row.tentatives).toBe(round)
      expect(row.derniere_erreur).toMatch(/ECONNREFUSED|connect/i)
      expect(Math.abs(row.delai_ms - expected)).toBeLessThan(5_000)
    }
    simulatedMs += expected
  }
  // Past the attempts that would have made a refused e-mail give up.
  expect(round).toBeGreaterThan(MAX_EMAIL_ATTEMPTS)
  expect(retryDelayMs(round)).toBe(RETRY_MAX_MS)
  const given = await getDb().select().from(emailsSortants).where(eq(emailsSortants.statut, 'echec'))
  expect(given).toEqual([])

  // /healthz reports the backlog and the failures; the site itself is fine.
  const during = await health()
  expect(during.status).toBe(200)
  expect(during.body).toMatchObject({ status: 'ok', outboxBacklog: QUEUED, outboxFailing: QUEUED })
  // The dashboard says mail is failing, with the server's error.
  const failingPage = await dashboardHtml(cookie)
  expect(failingPage).toContain('Les e-mails ne partent plus')
  expect(failingPage).toContain(`${QUEUED} e-mails en attente après un échec d&#x27;envoi`)
  expect(failingPage).toMatch(/Dernière erreur : [^<]*(ECONNREFUSED|connect)/i)

  // The server is back, where it was. Each e-mail waits up to an hour for its next attempt: the
  // worker's next e-mail that leaves brings the others forward at once.
  peer = await startSmtpPeer({ port })
  stopWorker = startOutboxWorker()
  ids.push((await enqueueEmail(getDb(), { ...TEST_EMAIL, sujet: 'Après la panne' })).id)
  wakeOutboxWorker()
  const received = await peer.waitFor(QUEUED + 1, 15_000)
  await expect.poll(async () => (await waiting()).length, { timeout: 5_000 }).toBe(0)
  // Let a last run end: nothing more leaves.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(received).toHaveLength(QUEUED + 1)
  const messageIds = received.map((mail) => mail.messageId)
  expect(new Set(messageIds).size).toBe(QUEUED + 1)
  expect(messageIds.sort()).toEqual(ids.map((id) => `<${id}@exemple.fr>`).sort())
  const sent = await getDb().select().from(emailsSortants).where(eq(emailsSortants.statut, 'envoye'))
  expect(sent).toHaveLength(QUEUED + 1)
  expect(sent.every((row) => row.derniere_erreur === null)).toBe(true)

  const after = await health()
  expect(after.body).toMatchObject({ status: 'ok', outboxBacklog: 0, outboxFailing: 0 })
  expect(await dashboardHtml(cookie)).not.toContain('Les e-mails ne partent plus')
})
