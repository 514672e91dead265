import { afterEach, beforeEach, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { emailsSortants } from '#app/db/schema'
import { TEST_EMAIL } from '#tests/support/mail'
import { enqueueEmail } from './enqueue-email.server'
import { onEmailsQueued, withOutbox } from './outbox.server'

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
    await enqueueEmail(tx, TEST_EMAIL)
    await enqueueEmail(tx, { ...TEST_EMAIL, sujet: 'Encore' })
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
      await enqueueEmail(tx, TEST_EMAIL)
      throw new Error('refusé')
    }),
  ).rejects.toThrow('refusé')

  expect(heard).toEqual([])
  expect(await getDb().select().from(emailsSortants)).toHaveLength(0)
})

it('signals nothing when the transaction queued no e-mail, nor for e-mails queued outside withOutbox', async () => {
  await withOutbox(async () => undefined)
  await enqueueEmail(getDb(), TEST_EMAIL)

  expect(heard).toEqual([])
})

it('counts nested calls and savepoints with the outermost commit', async () => {
  await withOutbox(async (tx) => {
    await withOutbox((inner) => enqueueEmail(inner, TEST_EMAIL), tx)
    await tx.transaction((savepoint) => enqueueEmail(savepoint, TEST_EMAIL))
    expect(heard).toEqual([])
  })

  expect(heard).toEqual([2])
})

it('stops calling a listener once it unsubscribed', async () => {
  unsubscribe()
  await withOutbox((tx) => enqueueEmail(tx, TEST_EMAIL))

  expect(heard).toEqual([])
})
