import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { getEnv, resetEnvForTests } from '#app/env.server'
import { enqueueEmail } from '#app/services/mail/enqueue-email.server'
import { startOutboxWorker, wakeOutboxWorker } from './outbox-worker.server'

const savedSmtp = process.env.SMTP_URL
let stop: (() => Promise<void>) | undefined

beforeEach(async () => {
  delete process.env.SMTP_URL
  resetEnvForTests()
})

afterEach(async () => {
  await stop?.()
  stop = undefined
  if (savedSmtp !== undefined) process.env.SMTP_URL = savedSmtp
  resetEnvForTests()
})

async function waitForStatus(id: string, statut: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [row] = await getDb().select().from(emailsSortants).where(eq(emailsSortants.id, id))
    if (row?.statut === statut) return row
    if (Date.now() > deadline) throw new Error(`statut ${row?.statut} au lieu de ${statut}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const email = {
  modele: 'test',
  destinataire: 'artiste@exemple.fr',
  sujet: 'Bonjour',
  html: '<p>Bonjour</p>',
  texte: 'Bonjour',
}

it('sends queued e-mails in the background and again after a wake-up', async () => {
  stop = startOutboxWorker()
  const first = await enqueueEmail(getDb(), email)
  wakeOutboxWorker()
  await waitForStatus(first.id, 'envoye')

  const second = await enqueueEmail(getDb(), { ...email, sujet: 'Encore' })
  wakeOutboxWorker()
  // Well before the 2 s interval: the wake-up started a run.
  await waitForStatus(second.id, 'envoye', 1000)

  const files = fs.readdirSync(path.join(getEnv().DATA_DIR_ABS, 'mail'))
  expect(files.filter((name) => name.includes(first.id) || name.includes(second.id))).toHaveLength(2)
})

it('stops: nothing is sent after the stop function resolved', async () => {
  const stopNow = startOutboxWorker()
  await stopNow()
  const { id } = await enqueueEmail(getDb(), email)
  wakeOutboxWorker()

  await new Promise((resolve) => setTimeout(resolve, 300))

  const [row] = await getDb().select().from(emailsSortants).where(eq(emailsSortants.id, id))
  expect(row?.statut).toBe('en_attente')
})
