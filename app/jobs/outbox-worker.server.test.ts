import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { sendContactMessage } from '#app/services/contact/send-contact-message.server'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { setEnv } from '#tests/support/env'
import { TEST_EMAIL } from '#tests/support/mail'
import { waitForStatut } from '#tests/support/wait'
import {
  OUTBOX_INTERVAL_MS,
  OUTBOX_WAKE_DELAY_MS,
  startOutboxWorker,
  wakeOutboxWorker,
} from './outbox-worker.server'

let stop: (() => Promise<void>) | undefined

beforeEach(() => setEnv({ SMTP_URL: undefined, CONTACT_EMAIL: 'artiste@exemple.fr' }))

afterEach(async () => {
  await stop?.()
  stop = undefined
})

/** The outgoing e-mail's row. */
async function emailRow(id: string) {
  const [row] = await getDb().select().from(emailsSortants).where(eq(emailsSortants.id, id))
  return row
}

/**
 * Starts the worker and lets its first runs end: an e-mail queued after it is sent on a wake-up,
 * the next poll being {@link OUTBOX_INTERVAL_MS} away.
 */
async function startSettledWorker(): Promise<void> {
  stop = startOutboxWorker()
  const warmUp = await enqueueEmail(getDb(), TEST_EMAIL)
  wakeOutboxWorker()
  await waitForStatut(() => emailRow(warmUp.id), 'envoye')
}

it('sends queued e-mails in the background and again after a wake-up', async () => {
  stop = startOutboxWorker()
  const first = await enqueueEmail(getDb(), TEST_EMAIL)
  wakeOutboxWorker()
  await waitForStatut(() => emailRow(first.id), 'envoye')

  const second = await enqueueEmail(getDb(), { ...TEST_EMAIL, sujet: 'Encore' })
  wakeOutboxWorker()
  // Well before the 2 s interval: the wake-up started a run.
  await waitForStatut(() => emailRow(second.id), 'envoye', 1000)

  const files = fs.readdirSync(path.join(getEnv().DATA_DIR_ABS, 'mail'))
  expect(files.filter((name) => name.includes(first.id) || name.includes(second.id))).toHaveLength(2)
})

it("sends a use case's e-mail right after its withOutbox commit, well before the next poll", async () => {
  await startSettledWorker()

  const started = Date.now()
  const sent = await sendContactMessage({
    nom: 'Martin',
    email: 'lea@exemple.org',
    sujet: 'Atelier',
    message: 'Proposez-vous des cours ?',
  })
  const emailId = sent.emailId
  if (!emailId) throw new Error("pas d'e-mail en file")
  await waitForStatut(() => emailRow(emailId), 'envoye', OUTBOX_INTERVAL_MS / 2)

  expect(Date.now() - started).toBeLessThan(OUTBOX_INTERVAL_MS / 2)
  const file = fs
    .readdirSync(path.join(getEnv().DATA_DIR_ABS, 'mail'))
    .find((name) => name.includes(sent.emailId ?? ''))
  expect(file && fs.readFileSync(path.join(getEnv().DATA_DIR_ABS, 'mail', file), 'utf8')).toContain(
    'Reply-To: lea@exemple.org',
  )
})

it('sends the e-mails of commits a few ms apart in one batch, not one run each', async () => {
  await startSettledWorker()

  const first = await enqueueEmail(getDb(), { ...TEST_EMAIL, sujet: 'Première' })
  wakeOutboxWorker()
  await new Promise((resolve) => setTimeout(resolve, OUTBOX_WAKE_DELAY_MS / 5))
  const second = await enqueueEmail(getDb(), { ...TEST_EMAIL, sujet: 'Seconde' })
  wakeOutboxWorker()

  const sentFirst = await waitForStatut(() => emailRow(first.id), 'envoye', 1000)
  const sentSecond = await waitForStatut(() => emailRow(second.id), 'envoye', 1000)
  // One batch is claimed by one statement: the same lease (each is then marked sent as it leaves,
  // decision 039).
  expect(sentSecond?.prochaine_tentative_le.getTime()).toBe(sentFirst?.prochaine_tentative_le.getTime())
})

it('stops: nothing is sent after the stop function resolved', async () => {
  const stopNow = startOutboxWorker()
  await stopNow()
  const { id } = await enqueueEmail(getDb(), TEST_EMAIL)
  wakeOutboxWorker()

  await new Promise((resolve) => setTimeout(resolve, 300))

  const [row] = await getDb().select().from(emailsSortants).where(eq(emailsSortants.id, id))
  expect(row?.statut).toBe('en_attente')
})
