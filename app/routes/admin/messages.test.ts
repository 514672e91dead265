import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'
import { adminRoute, UNKNOWN_ID } from '#tests/support/routes'
import { signedInCookie } from '#tests/support/sessions'
import { action, loader } from './messages'

const { post, load } = adminRoute('/admin/messages', { action, loader })

async function insertMessage(values: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(contactMessages)
    .values({ nom: 'Durand', email: 'a@exemple.fr', sujet: 'Sujet', message: 'Bonjour', ...values })
    .returning()
  if (!row) throw new Error('insert failed')
  return row
}

async function stored() {
  return getDb().select().from(contactMessages).orderBy(contactMessages.sujet)
}

describe('/admin/messages loader', () => {
  it('lists messages newest first per tab, archived ones only under "archives", with counts', async () => {
    await insertMessage({ sujet: 'Ancien lu', lu: true, cree_le: new Date('2026-01-01T10:00:00Z') })
    await insertMessage({ sujet: 'Récent non lu', cree_le: new Date('2026-03-01T10:00:00Z') })
    await insertMessage({ sujet: 'Milieu non lu', cree_le: new Date('2026-02-01T10:00:00Z') })
    await insertMessage({
      sujet: 'Archivé',
      lu: true,
      archive: true,
      cree_le: new Date('2026-04-01T10:00:00Z'),
    })

    const all = await load()
    expect(all.status).toBe(200)
    expect(all.messages.map((m) => m.sujet)).toEqual(['Récent non lu', 'Milieu non lu', 'Ancien lu'])
    expect(all.counts).toEqual({ tous: 3, 'non-lus': 2, lus: 1, archives: 1 })
    expect((await load('?filtre=non-lus')).messages.map((m) => m.sujet)).toEqual([
      'Récent non lu',
      'Milieu non lu',
    ])
    expect((await load('?filtre=lus')).messages.map((m) => m.sujet)).toEqual(['Ancien lu'])
    const archived = await load('?filtre=archives')
    expect(archived.filter).toBe('archives')
    expect(archived.messages.map((m) => m.sujet)).toEqual(['Archivé'])
  })

  it('keeps the text, phone and e-mail of a message as sent', async () => {
    await insertMessage({ message: 'Ligne 1\n\n  Ligne 2', telephone: '06 12 34 56 78', prenom: 'Anne' })
    const [message] = (await load()).messages
    expect(message).toMatchObject({
      message: 'Ligne 1\n\n  Ligne 2',
      telephone: '06 12 34 56 78',
      prenom: 'Anne',
      nom: 'Durand',
      email: 'a@exemple.fr',
      lu: false,
    })
  })

  it('shows every message with a 400 status for an unknown filter', async () => {
    await insertMessage()
    const answer = await load('?filtre=spam')
    expect(answer.status).toBe(400)
    expect(answer.filter).toBe('tous')
    expect(answer.hasIgnoredFilter).toBe(true)
    expect(answer.messages).toHaveLength(1)
    expect((await load('?filtre=lus&filtre=lus')).status).toBe(400)
  })
})

describe('/admin/messages actions', () => {
  it('marks a message read then unread', async () => {
    const message = await insertMessage()
    const read = await post({ intent: 'set-read', id: message.id, lu: 'true' })
    expect(read.status).toBe(200)
    expect(read.body.toast.description).toBe('Message marqué comme lu')
    expect((await stored())[0]?.lu).toBe(true)
    const unread = await post({ intent: 'set-read', id: message.id, lu: 'false' })
    expect(unread.body.toast.description).toBe('Message marqué comme non lu')
    expect((await stored())[0]?.lu).toBe(false)
  })

  it('archives a message, which then only shows under "archives"', async () => {
    const message = await insertMessage()
    const answer = await post({ intent: 'archive', id: message.id })
    expect(answer.body).toMatchObject({ ok: true, toast: { description: 'Message archivé' } })
    expect((await stored())[0]?.archive).toBe(true)
    expect((await load()).messages).toHaveLength(0)
    expect((await load('?filtre=archives')).messages).toHaveLength(1)
  })

  it('deletes a message', async () => {
    const message = await insertMessage()
    const other = await insertMessage({ sujet: 'Autre' })
    const answer = await post({ intent: 'delete', id: message.id })
    expect(answer.body).toMatchObject({ ok: true, toast: { description: 'Message supprimé' } })
    expect((await stored()).map((row) => row.id)).toEqual([other.id])
  })

  it('refuses malformed and unknown ids and bad values, changing nothing', async () => {
    const message = await insertMessage()
    const before = await stored()
    for (const intent of ['set-read', 'archive', 'delete']) {
      const unknown = await post({ intent, id: UNKNOWN_ID, lu: 'true' })
      expect(unknown.status, intent).toBe(404)
      expect(unknown.body.toast).toEqual({
        type: 'error',
        title: 'Erreur',
        description: 'Une erreur est survenue. Message introuvable.',
      })
      expect((await post({ intent, id: 'pas-un-id', lu: 'true' })).status, intent).toBe(400)
      expect((await post({ intent })).status, intent).toBe(400)
    }
    expect((await post({ intent: 'set-read', id: message.id, lu: 'peut-être' })).status).toBe(400)
    expect(await stored()).toEqual(before)
    const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, message.id))
    expect(row).toMatchObject({ lu: false, archive: false })
  })

  it('refuses a signed-in non-administrator', async () => {
    const message = await insertMessage()
    const userCookie = await signedInCookie('user')
    await expect(post({ intent: 'delete', id: message.id }, userCookie)).rejects.toThrow(/ vers \/$/)
    expect(await stored()).toHaveLength(1)
  })
})
