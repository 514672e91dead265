/**
 * The crash storm (issue #37 §2, decision 039): a real server process of the production build
 * sends a few hundred e-mails over real SMTP to a slow test peer and is killed (SIGKILL) ten times
 * while it sends, started again each time on the same PostgreSQL database. Each e-mail leaves
 * once: a crash sends again at most the one e-mail the SMTP server had taken and the outbox had not
 * recorded, so the peer receives at most one duplicate per kill, and every e-mail arrives.
 *
 * The e-mails are queued by this process through the app's own path (`withOutbox` +
 * `enqueueEmails`, what every use case calls) on the database the instances share: the outbox row
 * is the same whichever use case wrote it, and the public forms' rate limits would let only a few
 * through. Each kill lands at a random moment of the worst window: a random while into the
 * process's life, at the next e-mail the peer reads in full, a random few milliseconds before the
 * peer answers it (the server has taken it; the process does not know yet). There a defect that let
 * a second e-mail slip per crash would show as more duplicates than kills.
 *
 * Runs on the PostgreSQL pass only (TEST_DATABASE_URL): PGlite's data folder opens in one process.
 */
import { sql } from 'drizzle-orm'
import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenedDatabase, queryRows } from '#app/db/client.server'
import { enqueueEmails } from '#app/services/mail/enqueue-email.server'
import { withOutbox } from '#app/services/mail/outbox.server'
import { TEST_EMAIL } from '#tests/support/mail'
import {
  ensureBuild,
  type ServerInstance,
  shareInstancesDatabase,
  startServerInstance,
} from '#tests/support/server-instance'
import { type SmtpPeer, startSmtpPeer } from '#tests/support/smtp-peer'
import { print, scratchPostgresDatabase } from '../../bench/support'

const serverUrl = process.env.TEST_DATABASE_URL
const SECRET = 'secret-des-tests-de-la-tempete-de-pannes-0123456789'
const QUEUED = 250
const KILLS = 10
/** How long the peer takes to accept each message, in ms: the window a kill lands in. */
const PEER_DELAY_MS = 40
/** Longest random while into a process's life before its kill is armed, in ms. */
const LIFE_MS = 1_500

/** What the database held after a kill. */
type AfterKill = {
  /** Rows still 'en_attente'. */
  pending: number
  /** Of those, rows the dead process had claimed (their lease not over). */
  held: number
  /** The statut of the e-mail the peer had taken when the process was killed. */
  statut: string
}
type Kill = AfterKill & { life: number; inFlight: string }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const randomMs = (max: number) => Math.floor(Math.random() * max)

describe.skipIf(!serverUrl)('the crash storm: ten SIGKILLs while the outbox sends (issue #37 §2)', () => {
  let scratch: { url: string; drop: () => Promise<void> }
  let peer: SmtpPeer
  let instance: ServerInstance | undefined
  let opened: OpenedDatabase
  let restore: (() => Promise<void>) | undefined
  let env: Record<string, string>

  beforeAll(async () => {
    ensureBuild()
    scratch = await scratchPostgresDatabase(serverUrl as string, `encre_test_tempete_${process.pid}`)
    peer = await startSmtpPeer()
    peer.setDelay(PEER_DELAY_MS)
    env = {
      DATABASE_URL: scratch.url,
      SMTP_URL: peer.url,
      MAIL_FROM: 'Encre <no-reply@exemple.fr>',
      BETTER_AUTH_SECRET: SECRET,
      SEED_DEMO: 'false',
      OVERLOAD_DELAY_MS: '0',
    }
    // The first instance migrates the empty database.
    instance = await startServerInstance(env)
    ;({ opened, restore } = await shareInstancesDatabase(scratch.url, SECRET))
  }, 300_000)

  afterAll(async () => {
    await instance?.stop()
    await restore?.()
    await scratch?.drop()
    await peer?.close()
  }, 60_000)

  it('every e-mail arrives, at most one duplicate per kill, and only the one in flight at a kill', async () => {
    const startedAt = Date.now()
    const emails = Array.from({ length: QUEUED }, (_, index) => ({
      ...TEST_EMAIL,
      sujet: `Message ${index + 1} de la tempête`,
    }))
    const ids = (await withOutbox((tx) => enqueueEmails(tx, emails))).map((row) => row.id)
    // The sender names each message's outbox row (transport.server.ts).
    const outboxId = (mail: ParsedMail) => String(mail.headers.get('x-encre-outbox-id'))

    const kills: Kill[] = []
    for (let life = 1; life <= KILLS; life++) {
      const running = instance as ServerInstance
      await sleep(randomMs(LIFE_MS))
      const arrived = await peer.nextArrival(15_000)
      // Before the peer's answer (PEER_DELAY_MS after it read the message): in flight.
      await sleep(randomMs(PEER_DELAY_MS - 20))
      await running.kill()
      instance = undefined
      const inFlight = outboxId(arrived)
      const [state] = await queryRows<AfterKill>(
        opened.db,
        sql`select
              count(*) filter (where statut = 'en_attente')::int as pending,
              count(*) filter (where statut = 'en_attente' and prochaine_tentative_le > now())::int as held,
              (select statut from emails_sortants where id = ${inFlight}::uuid) as statut
            from emails_sortants`,
      )
      kills.push({ life, inFlight, ...(state as AfterKill) })
      // The dead process's rows come back when their lease (CLAIM_LEASE_MS, 60 s) ends: ended here
      // at once, as waiting would (no process holds them any more), so that ten kills fit in a
      // minute and a half.
      await opened.db.execute(
        sql`update emails_sortants set prochaine_tentative_le = now()
            where statut = 'en_attente' and prochaine_tentative_le > now()`,
      )
      instance = await startServerInstance(env)
    }

    // The last instance drains the outbox.
    const waiting = async () =>
      (
        await queryRows<{ count: number }>(
          opened.db,
          sql`select count(*)::int as count from emails_sortants where statut <> 'envoye'`,
        )
      )[0]?.count
    await expect.poll(waiting, { timeout: 45_000, interval: 200 }).toBe(0)

    const received = peer.received.map(outboxId)
    const copies = new Map<string, number>()
    for (const id of received) copies.set(id, (copies.get(id) ?? 0) + 1)
    const duplicates = received.length - copies.size
    const duplicated = [...copies].filter(([, count]) => count > 1).map(([id]) => id)
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1)
    const atKills = kills.map((kill) => `${kill.pending} en attente dont ${kill.held} pris`).join(', ')
    print(
      `Tempête de ${KILLS} SIGKILL : ${QUEUED} e-mails, ${received.length} reçus, ${duplicates} en double, ${seconds} s ; à chaque arrêt ${atKills}`,
    )

    // Every kill landed while the process was sending: e-mails were still waiting, the process
    // held a batch, and the e-mail the peer had just taken was not recorded as sent.
    for (const kill of kills) {
      expect(kill.pending, `arrêt ${kill.life}`).toBeGreaterThan(0)
      expect(kill.held, `arrêt ${kill.life}`).toBeGreaterThan(0)
      expect(kill.statut, `arrêt ${kill.life}`).toBe('en_attente')
    }
    // Every row sent, every e-mail received.
    const rows = await queryRows<{ id: string; statut: string }>(
      opened.db,
      sql`select id, statut from emails_sortants`,
    )
    expect(rows).toHaveLength(QUEUED)
    expect(rows.filter((row) => row.statut !== 'envoye')).toEqual([])
    expect([...copies.keys()].sort()).toEqual([...ids].sort())
    // At most one duplicate per kill: only the e-mails in flight at a kill went twice.
    expect(duplicates).toBeLessThanOrEqual(KILLS)
    const inFlight = new Set(kills.map((kill) => kill.inFlight))
    expect(duplicated.filter((id) => !inFlight.has(id))).toEqual([])
  }, 150_000)
})
