/**
 * Two real server processes (the production build) on one PostgreSQL database and one
 * S3-compatible bucket (issue #12 §2, DESIGN.md §9): what one instance does, the other shows.
 * Runs only with TEST_DATABASE_URL (the PostgreSQL pass of .ci/run); the build is made first
 * when missing or older than the sources.
 */
import fs from 'node:fs'
import path from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { type OpenedDatabase, queryRows } from '#app/db/client.server'
import { categories, emailsSortants, encheres, pagesConfig } from '#app/db/schema'
import { DEFAULT_BID_INCREMENTS } from '#app/lib/auction-rules'
import { SITE_DATA_CHANNEL } from '#app/services/site-data-cache.server'
import { auctions } from '#tests/support/auctions'
import { readMessages } from '#tests/support/event-stream'
import { settledPrice } from '#tests/support/proxy-model'
import { startTestBucket, type TestBucket } from '#tests/support/s3-bucket'
import {
  ensureBuild,
  type ServerInstance,
  shareInstancesDatabase,
  startServerInstance,
} from '#tests/support/server-instance'
import { type SmtpPeer, startSmtpPeer } from '#tests/support/smtp-peer'
import { testImage } from '#tests/support/test-image'
import { scratchPostgresDatabase } from '../../bench/support'

const serverUrl = process.env.TEST_DATABASE_URL
const ADMIN = { email: 'admin@exemple.fr', password: 'encre-instances-motdepasse' }
const ARTIST_EMAIL = 'artiste@exemple.fr'
const SECRET = 'secret-des-tests-de-plusieurs-instances-0123456789'
const AUCTION_LINK = 'lien-prive-deux-instances'

describe.skipIf(!serverUrl)('two instances on one PostgreSQL and one bucket (issue #12 §2)', () => {
  let scratch: { url: string; drop: () => Promise<void> }
  let bucket: TestBucket
  let smtp: SmtpPeer
  let a: ServerInstance
  let b: ServerInstance
  let opened: OpenedDatabase
  let restore: (() => Promise<void>) | undefined
  let adminCookie = ''

  beforeAll(async () => {
    ensureBuild()
    scratch = await scratchPostgresDatabase(serverUrl as string, `encre_test_instances_${process.pid}`)
    bucket = await startTestBucket()
    smtp = await startSmtpPeer()
    const env = {
      ...bucket.env,
      DATABASE_URL: scratch.url,
      SMTP_URL: smtp.url,
      BETTER_AUTH_SECRET: SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CONTACT_EMAIL: ARTIST_EMAIL,
      SEED_DEMO: 'false',
      // Answers are checked one by one: no 503 for a loop stalled by the shared test machine.
      OVERLOAD_DELAY_MS: '0',
    }
    // Both at once, on a database with no table yet.
    ;[a, b] = await Promise.all([startServerInstance(env), startServerInstance(env)])
    // This process writes the auction rows and reads what the instances stored, with their secret.
    ;({ opened, restore } = await shareInstancesDatabase(scratch.url, SECRET))
  }, 300_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await restore?.()
    await scratch?.drop()
    await bucket?.close()
    await smtp?.close()
  }, 60_000)

  it('both started at once on the empty database: migrations applied once, the site filled once', async () => {
    const journal = JSON.parse(fs.readFileSync(path.resolve('drizzle/meta/_journal.json'), 'utf8')) as {
      entries: unknown[]
    }
    const applied = await queryRows<{ hash: string }>(
      opened.db,
      sql`select hash from drizzle.__drizzle_migrations order by id`,
    )
    expect(applied).toHaveLength(journal.entries.length)
    const admins = await queryRows<{ email: string }>(opened.db, sql`select email from "user"`)
    expect(admins).toEqual([{ email: ADMIN.email }])
    expect(await opened.db.select().from(pagesConfig)).toHaveLength(8)
    expect(a.output()).not.toMatch(/error|erreur/i)
    expect(b.output()).not.toMatch(/error|erreur/i)
  })

  it('a session opened on A works on B; an image uploaded on A is served by B; a change on A shows on B at its next request', async () => {
    const signIn = await fetch(`${a.origin}/auth`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'sign-in', ...ADMIN }),
      redirect: 'manual',
    })
    expect(signIn.status).toBe(302)
    adminCookie = signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
    const dashboard = await fetch(`${b.origin}/admin`, { headers: { cookie: adminCookie } })
    // The address is drawn by EmailAddress, with break opportunities at its dots.
    expect((await dashboard.text()).replaceAll('<wbr/>', '')).toMatch(
      new RegExp(`Connecté en tant que <span[^>]*>${ADMIN.email.replaceAll('.', '\\.')}`),
    )

    const png = await testImage(600, 400, '#aa3322')
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('folder', 'categories')
    form.set('file', new File([png], 'encre.png', { type: 'image/png' }))
    const upload = await fetch(`${a.origin}/admin/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: adminCookie, accept: 'application/json' },
    })
    const uploaded = (await upload.json()) as { ok: boolean; url: string }
    expect(uploaded.ok).toBe(true)
    expect(uploaded.url.startsWith(`${bucket.publicUrl}/categories/`)).toBe(true)
    const key = uploaded.url.slice(bucket.publicUrl.length)
    // B sends an old /uploads link on to the bucket, which has the file.
    const fromB = await fetch(`${b.origin}/uploads${key}`)
    expect(fromB.status).toBe(200)
    expect(fromB.url).toBe(uploaded.url)
    // The stored image, re-encoded at the width its name says ({folder}/{sha256}-{width}.{format}).
    const [, width, format] = /-(\d+)\.(\w+)$/.exec(key) ?? []
    const served = await sharp(Buffer.from(await fromB.arrayBuffer())).metadata()
    expect(served.width).toBe(Number(width))
    expect(served.format).toBe(format === 'jpg' ? 'jpeg' : format === 'avif' ? 'heif' : format)

    // B has the portfolio in its page cache…
    await (await fetch(`${b.origin}/portfolio`)).text()
    const cached = await fetch(`${b.origin}/portfolio`)
    expect(cached.headers.get('x-page-cache')).toBe('hit')
    expect(await cached.text()).not.toContain('Lavis du soir')
    // …a category is created on A…
    const created = await fetch(`${a.origin}/admin/categories`, {
      method: 'POST',
      body: new URLSearchParams({
        intent: 'create',
        nom: 'Lavis du soir',
        description: '',
        image_url: uploaded.url,
        ordre: '1',
        affichee: 'on',
      }),
      headers: { cookie: adminCookie },
    })
    expect(created.status).toBe(200)
    expect(await opened.db.select({ nom: categories.nom }).from(categories)).toEqual([
      { nom: 'Lavis du soir' },
    ])
    // …and B's next request shows it, with the image from the bucket.
    const next = await fetch(`${b.origin}/portfolio`)
    expect(next.headers.get('x-page-cache')).toBe('miss')
    const page = await next.text()
    expect(page).toContain('Lavis du soir')
    expect(page).toContain(`${bucket.publicUrl}/categories/`)
  })

  it('counts the contact limit across A and B: 5 messages signed by one address on A, the 6th refused by B', async () => {
    const send = (instance: ServerInstance, index: number) =>
      fetch(`${instance.origin}/contact`, {
        method: 'POST',
        body: new URLSearchParams({
          nom: 'Durand',
          prenom: 'Paul',
          email: 'paul@exemple.fr',
          sujet: `Question ${index}`,
          message: 'Bonjour, une question sur vos encres.',
        }),
      })
    for (let index = 1; index <= 5; index++) expect((await send(a, index)).status).toBe(200)
    // Each instance shares what it counted every 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 600))
    const refused = await send(b, 6)
    expect(refused.status).toBe(429)
    expect(await refused.text()).toContain('Trop de messages envoyés.')
  })

  it('a bid on A reaches a live page connected to B; the auction is closed once and each e-mail sent once', async () => {
    await auctions.setSetting('enchere_prolongation_minutes', '0')
    // Both instances read the settings through their caches: the change is announced as an
    // admin write would announce it.
    await opened.db.execute(sql`select pg_notify(${SITE_DATA_CHANNEL}, 'test')`)
    // Ends after both schedulers' next pass (every 10 s at most), so both wait for that deadline.
    const auction = await auctions.create({
      lien_prive: AUCTION_LINK,
      date_fin: new Date(Date.now() + 12_000),
    })
    const cookie = await auctions.validatedCookie(auction.id, 'marie@exemple.fr', AUCTION_LINK)

    const controller = new AbortController()
    const stream = await fetch(`${b.origin}/enchere/${AUCTION_LINK}/evenements`, {
      signal: controller.signal,
    })
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    expect((await readMessages(reader, 2)).join('\n')).toContain('event: snapshot')

    const bid = await fetch(`${a.origin}/enchere/${AUCTION_LINK}`, {
      method: 'POST',
      body: new URLSearchParams({
        prenom: 'Marie',
        nom: 'Curie',
        email: 'marie@exemple.fr',
        telephone: '06 12 34 56 78',
        montant: '150',
      }),
      headers: { cookie },
    })
    expect(bid.status).toBe(200)
    const live = await readMessages(reader, 1)
    expect(live.join('\n')).toContain('event: bid')
    // A 150 € maximum, the first bid: in at the start price (issue #36 §1).
    expect(live.join('\n')).toContain('"montant":"100.00"')
    controller.abort()

    await expect
      .poll(
        async () => (await opened.db.select().from(encheres).where(eq(encheres.id, auction.id)))[0]?.statut,
        {
          timeout: 25_000,
          interval: 250,
        },
      )
      .toBe('termine_prix_atteint')
    await expect
      .poll(
        async () =>
          (await opened.db.select().from(emailsSortants)).filter((row) => row.statut !== 'envoye').length,
        { timeout: 10_000, interval: 250 },
      )
      .toBe(0)
    // Every instance's outbox worker had time to send anything twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    const stored = await opened.db
      .select({ to: emailsSortants.destinataire, subject: emailsSortants.sujet })
      .from(emailsSortants)
      .orderBy(asc(emailsSortants.cree_le))
    const received = smtp.received.map((mail) => ({
      to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
      subject: mail.subject ?? '',
    }))
    // 5 contact notifications, the artist's notice of the bid, then the closing e-mails to the
    // artist and to the winner: each received once.
    expect(stored.length).toBe(8)
    expect(received.map((mail) => `${mail.to} ${mail.subject}`).sort()).toEqual(
      stored.map((mail) => `${mail.to} ${mail.subject}`).sort(),
    )
    expect(stored.filter((mail) => mail.to === 'marie@exemple.fr')).toHaveLength(1)
  })

  it('bids alternating between A and B, as round-robin sends them: none acknowledged is lost, prices strictly rise, each memory catches up (issue #34 §7)', async () => {
    const link = 'lien-prive-tourniquet'
    const auction = await auctions.create({ lien_prive: link, prix_depart: '100.00' })
    // Only one auction may be active: this one is cancelled whatever happens.
    onTestFinished(async () => {
      await opened.db.update(encheres).set({ statut: 'annulee' }).where(eq(encheres.id, auction.id))
    })
    const bidders = ['anne', 'basile', 'claire', 'denis', 'emma', 'felix'].map((name) => `${name}@exemple.fr`)
    const cookies = new Map<string, string>()
    for (const email of bidders) cookies.set(email, await auctions.validatedCookie(auction.id, email, link))
    const batches = async (instance: ServerInstance) =>
      (
        (await (await fetch(`${instance.origin}/healthz`)).json()) as {
          bidBatches: { batches: number; retriedUnderLock: number; decidedUnderLock: number }
        }
      ).bidBatches
    const bid = async (instance: ServerInstance, index: number, euros: number) => {
      const email = bidders[index % bidders.length] as string
      // As the auction page's script posts it (app/routes/enchere-mise.ts).
      const answer = await fetch(`${instance.origin}/enchere/${link}/mise`, {
        method: 'POST',
        body: new URLSearchParams(auctions.bidFormFields(email, String(euros), 'Enchérisseur')),
        headers: { cookie: cookies.get(email) ?? '' },
      })
      await answer.text()
      return { status: answer.status, montant: `${euros}.00`, email }
    }
    // Two at a time, one on each instance, amounts rising: each pair races for the row; the
    // lower of a pair may be refused, never stored. (Run last: its e-mails stay out of the
    // previous test's count.)
    const answers: Array<{ status: number; montant: string; email: string }> = []
    for (let pair = 0; pair < 10; pair++) {
      const euros = 120 + pair * 40
      answers.push(...(await Promise.all([bid(a, pair * 2, euros), bid(b, pair * 2 + 1, euros + 20)])))
    }
    const acknowledged = answers.filter((answer) => answer.status === 200)
    // 200: accepted (or a leader's maximum raised); 400: refused (too low by then).
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 400)).toEqual([])
    expect(acknowledged.length).toBeGreaterThanOrEqual(10)
    const stored = await queryRows<{ montant: string; email_valide: boolean }>(
      opened.db,
      sql`select montant, email_valide from mises where enchere_id = ${auction.id} order by cree_le, montant`,
    )
    const maxima = new Map(
      (
        await queryRows<{ participant_email: string; montant_max: string }>(
          opened.db,
          sql`select participant_email, montant_max from mises_maximales where enchere_id = ${auction.id}`,
        )
      ).map((row) => [row.participant_email, Math.round(Number(row.montant_max) * 100)]),
    )
    // Every acknowledged maximum is kept (issue #36 §1: each bid is one), none lost.
    for (const answer of acknowledged) {
      expect(maxima.get(answer.email) ?? 0, answer.montant).toBeGreaterThanOrEqual(
        Math.round(Number(answer.montant) * 100),
      )
    }
    expect(stored.every((row) => row.email_valide)).toBe(true)
    // In the order they were decided, prices strictly rise, and the auction's price is the last:
    // eBay's, the second highest maximum + one increment, capped at the highest.
    const cents = stored.map((row) => Math.round(Number(row.montant) * 100))
    expect(cents.every((value, index) => index === 0 || value > (cents[index - 1] ?? 0))).toBe(true)
    const [row] = await opened.db.select().from(encheres).where(eq(encheres.id, auction.id))
    expect(row?.prix_actuel).toBe(stored.at(-1)?.montant)
    expect(Math.round(Number(row?.prix_actuel) * 100)).toBe(
      settledPrice(10_000, [...maxima.values()], DEFAULT_BID_INCREMENTS).prixCents,
    )
    // Alternating, each instance found the other's writes: batches were decided again under the lock.
    const [afterWarA, afterWarB] = await Promise.all([batches(a), batches(b)])
    expect(afterWarA.retriedUnderLock + afterWarB.retriedUnderLock).toBeGreaterThan(0)
    // Three bids in a row on A: the first may find B's last write, the next two are decided on
    // what A's memory now holds, and written at once.
    for (let index = 0; index < 3; index++) expect((await bid(a, index, 600 + index * 20)).status).toBe(200)
    const afterRun = await batches(a)
    expect(afterRun.batches - afterWarA.batches).toBe(3)
    expect(
      afterRun.retriedUnderLock +
        afterRun.decidedUnderLock -
        afterWarA.retriedUnderLock -
        afterWarA.decidedUnderLock,
    ).toBeLessThanOrEqual(1)
    // And B, once it has written again, is caught up too.
    expect((await bid(b, 3, 700)).status).toBe(200)
    expect((await bid(b, 4, 720)).status).toBe(200)
    const afterB = await batches(b)
    expect(afterB.retriedUnderLock - afterWarB.retriedUnderLock).toBeLessThanOrEqual(1)
  })
})
