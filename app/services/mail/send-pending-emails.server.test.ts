import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getDb, queryRows } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { setEnv } from '#tests/support/env'
import { type SmtpPeer, startSmtpPeer } from '#tests/support/smtp-peer'
import { enqueueEmail } from './enqueue-email.server'
import {
  MAX_EMAIL_ATTEMPTS,
  retryDelayMs,
  SEND_CONCURRENCY,
  sendPendingEmails,
} from './send-pending-emails.server'
import { getMailTransport, removeUnfinishedMailFiles, SMTP_SENDER_NICE_INCREMENT } from './transport.server'

async function queueOne(overrides: Partial<Parameters<typeof enqueueEmail>[1]> = {}) {
  return enqueueEmail(getDb(), {
    modele: 'contact-notification',
    destinataire: 'artiste@exemple.fr',
    sujet: 'Nouveau message : Commande',
    html: '<p>Bonjour, je voudrais une calligraphie.</p>',
    texte: 'Bonjour, je voudrais une calligraphie.',
    reponse_a: 'visiteur@exemple.org',
    ...overrides,
  })
}

async function rowOf(id: string) {
  const [row] = await getDb().select().from(emailsSortants).where(eq(emailsSortants.id, id))
  if (!row) throw new Error('ligne introuvable')
  return row
}

/** Makes a rescheduled row due again, as if its retry time had come. */
async function makeDue(id: string) {
  await getDb()
    .update(emailsSortants)
    .set({ prochaine_tentative_le: sql`now() - interval '1 second'` })
    .where(eq(emailsSortants.id, id))
}

describe('retryDelayMs', () => {
  it('doubles from 30 s and stops at one hour', () => {
    expect(retryDelayMs(1)).toBe(30_000)
    expect(retryDelayMs(2)).toBe(60_000)
    expect(retryDelayMs(4)).toBe(240_000)
    expect(retryDelayMs(20)).toBe(3_600_000)
  })
})

describe('sendPendingEmails over SMTP', () => {
  let peer: SmtpPeer

  beforeEach(async () => {
    peer = await startSmtpPeer()
    setEnv({ SMTP_URL: peer.url, MAIL_FROM: 'Encre <no-reply@exemple.fr>' })
  })

  afterEach(async () => {
    await peer.close()
  })

  it('sends a due e-mail and marks it sent', async () => {
    const { id } = await queueOne()

    const result = await sendPendingEmails()

    expect(result).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 })
    const [mail] = await peer.waitFor(1)
    expect(mail?.to).toMatchObject({ value: [{ address: 'artiste@exemple.fr' }] })
    expect(mail?.from?.value[0]?.address).toBe('no-reply@exemple.fr')
    expect(mail?.subject).toBe('Nouveau message : Commande')
    expect(mail?.replyTo?.value[0]?.address).toBe('visiteur@exemple.org')
    expect(mail?.text).toContain('je voudrais une calligraphie')
    const row = await rowOf(id)
    expect(row.statut).toBe('envoye')
    expect(row.envoye_le).toBeInstanceOf(Date)
    expect(await sendPendingEmails()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 })
  })

  it('fails the attempt of an e-mail queued without its bodies when nothing fills them', async () => {
    const { id } = await queueOne({ html: '', texte: '' })

    expect(await sendPendingEmails()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 })
    expect((await rowOf(id)).derniere_erreur).toBe(
      "Le contenu de l'e-mail « contact-notification » n'a pas pu être composé.",
    )
    expect(peer.received).toEqual([])

    await makeDue(id)
    const filled = await sendPendingEmails({
      renderBody: async (email) => ({ html: `<p>${email.modele}</p>`, texte: email.modele }),
    })
    expect(filled).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 })
    const [mail] = await peer.waitFor(1)
    expect(mail?.text).toContain('contact-notification')
  })

  it('sends through a transport made ready beforehand (twice) as through one that was not', async () => {
    const transport = getMailTransport()
    transport.prepare()
    transport.prepare()
    await queueOne({ sujet: 'Prêt avant le premier e-mail' })

    expect(await sendPendingEmails()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 })
    const received = await peer.waitFor(1)
    expect(received.map((mail) => mail.subject)).toEqual(['Prêt avant le premier e-mail'])
    expect(getMailTransport()).toBe(transport)
  })

  it.skipIf(process.platform !== 'linux')(
    "sends from a thread below the process's CPU priority, the others keeping theirs",
    async () => {
      /** The nice value of each thread of this process (field 19 of /proc/self/task/{id}/stat). */
      const niceByThread = () =>
        fs.readdirSync('/proc/self/task').map((id) => {
          const stat = fs.readFileSync(`/proc/self/task/${id}/stat`, 'utf8')
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
        })
      const own = os.getPriority()
      const lowered = Math.min(19, own + SMTP_SENDER_NICE_INCREMENT)
      await queueOne()

      expect(await sendPendingEmails()).toMatchObject({ sent: 1 })

      await peer.waitFor(1)
      expect(niceByThread().filter((nice) => nice === lowered).length).toBeGreaterThan(0)
      expect(os.getPriority()).toBe(own)
      expect(niceByThread().filter((nice) => nice !== own && nice !== lowered)).toEqual([])
    },
  )

  it('leaves rows scheduled later alone and honours the limit', async () => {
    const later = await queueOne()
    await getDb()
      .update(emailsSortants)
      .set({ prochaine_tentative_le: sql`now() + interval '1 hour'` })
      .where(eq(emailsSortants.id, later.id))
    await queueOne({ destinataire: 'a@exemple.fr' })
    await queueOne({ destinataire: 'b@exemple.fr' })

    expect((await sendPendingEmails({ limit: 1 })).sent).toBe(1)
    expect((await sendPendingEmails({ limit: 5 })).sent).toBe(1)

    expect((await rowOf(later.id)).statut).toBe('en_attente')
    expect(peer.received).toHaveLength(2)
  })

  it('reschedules a refused e-mail with backoff, then gives up after the last attempt', async () => {
    peer.setRejecting(true)
    const { id } = await queueOne()
    const before = Date.now()

    const first = await sendPendingEmails()

    expect(first).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 })
    let row = await rowOf(id)
    expect(row.statut).toBe('en_attente')
    expect(row.tentatives).toBe(1)
    expect(row.derniere_erreur).toContain('550')
    expect(row.prochaine_tentative_le.getTime()).toBeGreaterThanOrEqual(before + 29_000)
    expect(row.prochaine_tentative_le.getTime()).toBeLessThan(Date.now() + 31_000)
    expect(await sendPendingEmails()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 })

    for (let attempt = 2; attempt < MAX_EMAIL_ATTEMPTS; attempt++) {
      await makeDue(id)
      expect((await sendPendingEmails()).retried).toBe(1)
    }
    row = await rowOf(id)
    expect(row.tentatives).toBe(MAX_EMAIL_ATTEMPTS - 1)
    expect(row.prochaine_tentative_le.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000)

    await makeDue(id)
    expect(await sendPendingEmails()).toEqual({ claimed: 1, sent: 0, retried: 0, failed: 1 })
    row = await rowOf(id)
    expect(row.statut).toBe('echec')
    expect(row.tentatives).toBe(MAX_EMAIL_ATTEMPTS)
    await makeDue(id)
    expect((await sendPendingEmails()).claimed).toBe(0)
    expect(peer.received).toHaveLength(0)
  })

  it('sends a refused e-mail once the server accepts again', async () => {
    peer.setRejecting(true)
    const { id } = await queueOne()
    await sendPendingEmails()
    peer.setRejecting(false)
    await makeDue(id)

    expect((await sendPendingEmails()).sent).toBe(1)

    const row = await rowOf(id)
    expect(row.statut).toBe('envoye')
    expect(row.tentatives).toBe(1)
    expect(row.derniere_erreur).toBeNull()
    expect(peer.received).toHaveLength(1)
  })

  it('claims a row for a short lease, renewed while a slow server takes longer: another worker never sends it too', async () => {
    const { id } = await queueOne()
    peer.setDelay(2_500)

    const first = sendPendingEmails({ leaseMs: 800 })
    // A second instance polls through the slow send, three times as long as the 800 ms lease.
    let alsoClaimed = 0
    for (let poll = 0; poll < 7; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 300))
      alsoClaimed += (await sendPendingEmails({ leaseMs: 800 })).claimed
    }

    expect(await first).toMatchObject({ claimed: 1, sent: 1 })
    expect(alsoClaimed).toBe(0)
    expect(peer.received).toHaveLength(1)
    expect((await rowOf(id)).statut).toBe('envoye')
  })

  it('skips a row of its batch that another worker took meanwhile', async () => {
    // One row more than go out at once: the last waits for a first answer.
    const rows = []
    for (let index = 0; index <= SEND_CONCURRENCY; index++)
      rows.push(await queueOne({ sujet: `E-mail ${index}` }))
    peer.setDelay(600)

    // A lease of 450 ms, renewed every 150 ms: a renewal falls while the first e-mails are sent.
    const run = sendPendingEmails({ leaseMs: 450 })
    // While those are being sent, another worker takes every row (its own lease, as after this
    // process stood still past its own): the ones in flight go out once, the last is left to that
    // worker.
    await new Promise((resolve) => setTimeout(resolve, 200))
    await getDb().update(emailsSortants).set({ prochaine_tentative_le: sql`now() + interval '5 minutes'` })

    expect(await run).toMatchObject({ claimed: SEND_CONCURRENCY + 1, sent: SEND_CONCURRENCY })
    const statuts = await Promise.all(rows.map(async ({ id }) => (await rowOf(id)).statut))
    expect(statuts.filter((statut) => statut === 'envoye')).toHaveLength(SEND_CONCURRENCY)
    expect(statuts.filter((statut) => statut === 'en_attente')).toHaveLength(1)
    // What went out is what is marked sent, each once.
    expect(peer.received.map((mail) => mail.subject).sort()).toEqual(
      statuts.flatMap((statut, index) => (statut === 'envoye' ? [`E-mail ${index}`] : [])),
    )
  })

  it('finishes the e-mails of a batch one after the other behind a server slow to answer (decision 039)', async () => {
    for (let index = 0; index < SEND_CONCURRENCY; index++) await queueOne({ sujet: `E-mail ${index}` })
    // Slow after the message: each answer is awaited, and recorded, before the next message ends.
    peer.setDelay(400)

    const started = Date.now()
    expect(await sendPendingEmails()).toMatchObject({ claimed: SEND_CONCURRENCY, sent: SEND_CONCURRENCY })

    // Five answers in a row; side by side with nothing held, about one.
    expect(Date.now() - started).toBeGreaterThanOrEqual(SEND_CONCURRENCY * 400)
    expect(peer.received.map((mail) => mail.subject).sort()).toEqual(
      Array.from({ length: SEND_CONCURRENCY }, (_, index) => `E-mail ${index}`).sort(),
    )
  })

  it('never has two e-mails the server took and the outbox did not record (decision 039)', async () => {
    for (let index = 0; index < SEND_CONCURRENCY; index++) await queueOne({ sujet: `E-mail ${index}` })
    // Slow after the message: what the server has taken can be counted against what is marked.
    peer.setDelay(200)
    let worst = 0
    let isRunning = true
    const watch = (async () => {
      while (isRunning) {
        const [row] = await queryRows<{ n: number }>(
          getDb(),
          sql`select count(*)::int as n from emails_sortants where statut = 'envoye'`,
        )
        worst = Math.max(worst, peer.received.length - Number(row?.n ?? 0))
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()

    expect((await sendPendingEmails()).sent).toBe(SEND_CONCURRENCY)
    isRunning = false
    await watch

    expect(peer.received).toHaveLength(SEND_CONCURRENCY)
    // Sent side by side with nothing held, the five would all be taken 200 ms in, none marked.
    expect(worst).toBeLessThanOrEqual(1)
  })

  it('gives an e-mail the same Message-ID at every attempt, so a resend is recognisable', async () => {
    const { id } = await queueOne()
    await sendPendingEmails()
    // As after a crash between sending and marking: the row is due again and goes out once more.
    await getDb().update(emailsSortants).set({ statut: 'en_attente' }).where(eq(emailsSortants.id, id))
    await makeDue(id)
    await sendPendingEmails()

    await peer.waitFor(2)
    expect(peer.received.map((mail) => mail.messageId)).toEqual([`<${id}@exemple.fr>`, `<${id}@exemple.fr>`])
  })
})

describe('sendPendingEmails without a reachable server', () => {
  it('counts a failed attempt when nothing listens on the SMTP port', async () => {
    const peer = await startSmtpPeer()
    const url = peer.url
    await peer.close()
    setEnv({ SMTP_URL: url })
    const { id } = await queueOne()

    expect(await sendPendingEmails()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 })

    const row = await rowOf(id)
    expect(row.statut).toBe('en_attente')
    expect(row.tentatives).toBe(1)
    expect(row.derniere_erreur).toMatch(/ECONNREFUSED|connect/i)
  })
})

describe('sendPendingEmails to .eml files', () => {
  it('writes a parsable message under DATA_DIR/mail when SMTP_URL is unset', async () => {
    setEnv({ SMTP_URL: undefined, MAIL_FROM: 'Encre <no-reply@exemple.fr>' })
    const { id } = await queueOne()

    expect((await sendPendingEmails()).sent).toBe(1)

    const mailDir = path.join(getEnv().DATA_DIR_ABS, 'mail')
    const files = fs.readdirSync(mailDir).filter((name) => name.includes(id))
    expect(files).toHaveLength(1)
    expect(files[0]).toBe(`${id}.eml`)
    const mail = await simpleParser(fs.readFileSync(path.join(mailDir, files[0] ?? '')))
    expect(mail.subject).toBe('Nouveau message : Commande')
    expect(mail.replyTo?.value[0]?.address).toBe('visiteur@exemple.org')
    expect(mail.from?.value[0]?.address).toBe('no-reply@exemple.fr')
    expect(mail.text).toContain('je voudrais une calligraphie')
    expect(mail.html).toContain('<p>Bonjour')
    expect((await rowOf(id)).statut).toBe('envoye')
  })

  it('writes an e-mail sent again after a crash only once (decision 039)', async () => {
    setEnv({ SMTP_URL: undefined, MAIL_FROM: 'Encre <no-reply@exemple.fr>' })
    const { id } = await queueOne()
    expect((await sendPendingEmails()).sent).toBe(1)
    const mailDir = path.join(getEnv().DATA_DIR_ABS, 'mail')
    const written = fs.statSync(path.join(mailDir, `${id}.eml`)).mtimeMs
    // As if the process had died after writing the file, before marking the row.
    await getDb()
      .update(emailsSortants)
      .set({
        statut: 'en_attente',
        envoye_le: null,
        prochaine_tentative_le: sql`now() - interval '1 second'`,
      })
      .where(eq(emailsSortants.id, id))

    expect((await sendPendingEmails()).sent).toBe(1)

    expect(fs.readdirSync(mailDir).filter((name) => name.includes(id))).toEqual([`${id}.eml`])
    expect(fs.statSync(path.join(mailDir, `${id}.eml`)).mtimeMs).toBe(written)
    expect((await rowOf(id)).statut).toBe('envoye')
  })

  it('makes the folder again when it was removed while the worker ran', async () => {
    setEnv({ SMTP_URL: undefined, MAIL_FROM: 'Encre <no-reply@exemple.fr>' })
    const mailDir = path.join(getEnv().DATA_DIR_ABS, 'mail')
    await queueOne()
    expect((await sendPendingEmails()).sent).toBe(1)
    fs.rmSync(mailDir, { recursive: true })

    const { id } = await queueOne()
    expect((await sendPendingEmails()).sent).toBe(1)

    expect(fs.readdirSync(mailDir).filter((name) => name.includes(id))).toHaveLength(1)
    expect((await rowOf(id)).statut).toBe('envoye')
  })
})

describe('removeUnfinishedMailFiles', () => {
  it('removes the .tmp files of a process that no longer runs, and only those', async () => {
    const mailDir = path.join(getEnv().DATA_DIR_ABS, 'mail')
    fs.mkdirSync(mailDir, { recursive: true })
    // A process id above Linux's pid_max (4 194 304) never runs.
    const dead = '2026-01-01T00-00-00-000Z-abc.eml.9999999.tmp'
    const alive = `2026-01-01T00-00-00-000Z-def.eml.${process.pid}.tmp`
    const written = '2026-01-01T00-00-00-000Z-ghi.eml'
    for (const name of [dead, alive, written]) fs.writeFileSync(path.join(mailDir, name), 'From: a')

    expect(await removeUnfinishedMailFiles()).toEqual([dead])
    const left = fs.readdirSync(mailDir)
    expect(left).toContain(alive)
    expect(left).toContain(written)
    expect(left).not.toContain(dead)
    fs.rmSync(path.join(mailDir, alive))
    fs.rmSync(path.join(mailDir, written))
  })
})
