/**
 * The PostgreSQL server restarted during a bidding war (issue #37 §4, decision 037): a real server
 * process of the production build on a PostgreSQL cluster of the test's own (initdb + pg_ctl in a
 * temporary folder: other test files use the shared server meanwhile), stopped for a few seconds
 * while six bidders, each from its own address behind the proxy, post a bid every 2 s (within the
 * bid limits of 30 per client address and 10 per e-mail address a minute). During the outage pages and bids are
 * answered 503 in French and /healthz says 503; the pool reconnects by itself within 5 s of the
 * server's return; every acknowledged bid is stored, once; the bid desk's memory is not ahead of
 * the database. Runs on the PostgreSQL pass (TEST_DATABASE_URL set: PostgreSQL is installed).
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OpenedDatabase, queryRows } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { UNAVAILABLE_MESSAGES, UNAVAILABLE_PAGE } from '#app/lib/unavailable'
import { auctions } from '#tests/support/auctions'
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from '#tests/support/private-postgres'
import {
  ensureBuild,
  type ServerInstance,
  shareInstancesDatabase,
  startServerInstance,
} from '#tests/support/server-instance'

const SECRET = 'secret-des-tests-de-panne-postgresql-0123456789'
const LINK = 'lien-prive-panne-postgresql'
const BIDDERS = ['anne', 'basile', 'claire', 'denis', 'emma', 'felix'].map((name) => `${name}@exemple.fr`)

type Answer = { email: string; status: number; montant: string; at: number }

describe.skipIf(!process.env.TEST_DATABASE_URL || !postgresBinaries())(
  'PostgreSQL restarted during a bidding war (issue #37 §4)',
  () => {
    let cluster: PrivatePostgres
    let instance: ServerInstance
    let opened: OpenedDatabase
    let restore: (() => Promise<void>) | undefined

    beforeAll(async () => {
      ensureBuild()
      cluster = await startPrivatePostgres()
      instance = await startServerInstance({
        DATABASE_URL: cluster.url,
        BETTER_AUTH_SECRET: SECRET,
        SEED_DEMO: 'false',
        OVERLOAD_DELAY_MS: '0',
        TRUST_PROXY: '1',
      })
      ;({ opened, restore } = await shareInstancesDatabase(cluster.url, SECRET))
    }, 300_000)

    afterAll(async () => {
      await instance?.stop()
      await restore?.()
      await cluster?.destroy()
    }, 60_000)

    it('answers 503 in French during the outage, reconnects within 5 s, loses no acknowledged bid and acknowledges none twice', async () => {
      const auction = await auctions.create({ lien_prive: LINK, prix_depart: '100.00' })
      const cookies = new Map<string, string>()
      for (const email of BIDDERS) cookies.set(email, await auctions.validatedCookie(auction.id, email, LINK))

      // Each bid is 60 € above the one posted before it (above the largest default increment, 50 €),
      // so that no two bids share an amount.
      let next = 110
      const answers: Answer[] = []
      let bidding = true
      const addressOf = (email: string) => `203.0.113.${BIDDERS.indexOf(email) + 10}`
      const bidder = async (email: string) => {
        while (bidding) {
          const euros = next
          next += 60
          const answer = await fetch(`${instance.origin}/enchere/${LINK}/mise`, {
            method: 'POST',
            body: new URLSearchParams(auctions.bidFormFields(email, String(euros), 'Enchérisseur')),
            headers: {
              cookie: cookies.get(email) ?? '',
              'x-forwarded-for': addressOf(email),
            },
          }).catch(() => null)
          const text = (await answer?.text()) ?? ''
          answers.push({ email, status: answer?.status ?? 0, montant: `${euros}.00`, at: Date.now() })
          if (answer?.status === 503) {
            // As the auction page's script does: asked again after Retry-After.
            expect(answer.headers.get('retry-after')).toBe('2')
            // The bid route's plain French text (app/routes/enchere-mise.ts).
            expect(text).toBe(UNAVAILABLE_MESSAGES.database)
          }
          // As the auction page's script does after a 503 (Retry-After: 2), and a person's pace.
          await new Promise((resolve) => setTimeout(resolve, 2_000))
        }
      }
      const war = Promise.all(BIDDERS.map(bidder))
      await new Promise((resolve) => setTimeout(resolve, 1_500))

      // The server stops (connections cut, as a restart cuts them) and stays down 3 s.
      const stoppedAt = Date.now()
      await cluster.stop()
      const health = await fetch(`${instance.origin}/healthz`)
      expect(health.status).toBe(503)
      expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' })
      // A page no cache holds: the 503 page, in French, asked again shortly.
      const page = await fetch(`${instance.origin}/recherche?q=encre`)
      expect(page.status).toBe(503)
      expect(page.headers.get('retry-after')).toBe('2')
      expect(await page.text()).toContain(UNAVAILABLE_PAGE.title)
      await new Promise((resolve) => setTimeout(resolve, 3_000))

      // Back: the pool reconnects by itself, within 5 s.
      await cluster.start()
      const backAt = Date.now()
      let healthy = false
      while (!healthy && Date.now() - backAt < 10_000) {
        healthy = (await fetch(`${instance.origin}/healthz`)).status === 200
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const reconnectMs = Date.now() - backAt
      expect(healthy).toBe(true)
      expect(reconnectMs).toBeLessThan(5_000)
      // The bidders go on a while after the return (each waits out its last Retry-After), then stop.
      await new Promise((resolve) => setTimeout(resolve, 4_000))
      bidding = false
      await war

      // Every answer: 200 accepted, 400 refused (another bid was higher first), or 503 (nothing
      // recorded) — never a 500, and every bidder was still answered after the return.
      expect(answers.filter((answer) => ![200, 400, 503].includes(answer.status))).toEqual([])
      const during = answers.filter((answer) => answer.at > stoppedAt && answer.at < backAt)
      expect(during.some((answer) => answer.status === 503)).toBe(true)
      const afterReturn = answers.filter((answer) => answer.at > backAt + reconnectMs)
      expect(afterReturn.some((answer) => answer.status === 200)).toBe(true)
      const acknowledged = answers.filter((answer) => answer.status === 200)
      expect(acknowledged.length).toBeGreaterThan(5)

      // Each posted amount is a maximum (issue #36 §1), and each bidder's rise: the maximum stored
      // for a bidder is their last acknowledged one, or a later one whose answer was a 503 (the
      // connection cut between the commit and its answer). No acknowledged maximum lost.
      const maxima = await queryRows<{ participant_email: string; montant_max: string }>(
        opened.db,
        sql`select participant_email, montant_max from mises_maximales where enchere_id = ${auction.id}`,
      )
      for (const email of BIDDERS) {
        const last = acknowledged.filter((answer) => answer.email === email).at(-1)
        const stored = maxima.find((row) => row.participant_email === email)?.montant_max
        if (!last) continue
        const cutAfter = answers
          .filter((answer) => answer.email === email && answer.status === 503 && answer.at > last.at)
          .map((answer) => answer.montant)
        expect([last.montant, ...cutAfter]).toContain(stored)
      }
      // The bids the site placed for those maxima: strictly rising, none stored twice.
      const stored = await queryRows<{ montant: string; participant_email: string }>(
        opened.db,
        sql`select montant, participant_email from mises where enchere_id = ${auction.id} order by montant`,
      )
      const storedAmounts = stored.map((row) => row.montant)
      expect(new Set(storedAmounts).size).toBe(storedAmounts.length)

      // The auction's price is its best stored bid, and the desk's memory agrees: a bid at that price
      // is refused, one above the leader's maximum is accepted and makes its bidder the leader.
      const [row] = await opened.db.select().from(encheres).where(eq(encheres.id, auction.id))
      expect(row?.prix_actuel).toBe(storedAmounts.at(-1))
      const price = Number(row?.prix_actuel)
      const leader = stored.at(-1)?.participant_email
      const leaderMax = Number(maxima.find((max) => max.participant_email === leader)?.montant_max)
      const challenger = BIDDERS.find((email) => email !== leader) as string
      const bid = async (euros: number) =>
        (
          await fetch(`${instance.origin}/enchere/${LINK}/mise`, {
            method: 'POST',
            body: new URLSearchParams(auctions.bidFormFields(challenger, String(euros), 'Enchérisseur')),
            headers: {
              cookie: cookies.get(challenger) ?? '',
              'x-forwarded-for': addressOf(challenger),
            },
          })
        ).status
      expect(await bid(price)).toBe(400)
      expect(await bid(leaderMax + 1_000)).toBe(200)
      const [after] = await opened.db.select().from(encheres).where(eq(encheres.id, auction.id))
      expect(Number(after?.prix_actuel)).toBeGreaterThan(leaderMax)
      const [top] = await queryRows<{ participant_email: string }>(
        opened.db,
        sql`select participant_email from mises where enchere_id = ${auction.id} order by montant desc limit 1`,
      )
      expect(top?.participant_email).toBe(challenger)
    }, 120_000)
  },
)
