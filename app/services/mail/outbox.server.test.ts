import { afterEach, beforeEach, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { enqueueEmail } from './enqueue-email.server'
import { onEmailsQueued, withOutbox } from './outbox.server'

const email = {
  modele: 'test',
  destinataire: 'artiste@exemple.fr',
  sujet: 'Bonjour',
  html: '<p>Bonjour</p>',
  texte: 'Bonjour',
}

let heard: number[] = []
let unsubscribe: () => void = () => {}

beforeEach(() => {
  heard = []
  unsubscribe = onEmailsQueued((count) => heard.push(count))
})

afterEach(() => {
  unsubscribe()
})

it('signals once after the commit, with the number of e-mails queued', async () => {
  const result = await withOutbox(async (tx) => {
    await enqueueEmail(tx, email)
    await enqueueEmail(tx, { ...email, sujet: 'Encore' })
    // Not yet: the transaction has not committed.
    expect(heard).toEqual([])
    return 'fait'
  })

  expect(result).toBe('fait')
  expect(heard).toEqual([2])
  expect(await getDb().select().from(emailsSortants)).toHaveLength(2)
})

it('signals nothing and stores nothing when the transaction rolls back', async () => {
  await expect(
    withOutbox(async (tx) => {
      await enqueueEmail(tx, email)
      throw new Error('refusé')
    }),
  ).rejects.toThrow('refusé')

  expect(heard).toEqual([])
  expect(await getDb().select().from(emailsSortants)).toHaveLength(0)
})

it('signals nothing when the transaction queued no e-mail, nor for e-mails queued outside withOutbox', async () => {
  await withOutbox(async () => undefined)
  await enqueueEmail(getDb(), email)

  expect(heard).toEqual([])
})

it('counts nested calls and savepoints with the outermost commit', async () => {
  await withOutbox(async (tx) => {
    await withOutbox((inner) => enqueueEmail(inner, email), tx)
    await tx.transaction((savepoint) => enqueueEmail(savepoint, email))
    expect(heard).toEqual([])
  })

  expect(heard).toEqual([2])
})

it('stops calling a listener once it unsubscribed', async () => {
  unsubscribe()
  await withOutbox((tx) => enqueueEmail(tx, email))

  expect(heard).toEqual([])
})
