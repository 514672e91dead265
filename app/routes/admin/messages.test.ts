import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'
import { insertArtwork } from '#tests/support/catalogue-fixtures'
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

describe('/admin/messages pages, search and sort (issue #35 §2)', () => {
  async function insertMany(
    count: number,
    values: (n: number) => Partial<typeof contactMessages.$inferInsert>,
  ) {
    const base = Date.parse('2026-01-01T00:00:00Z')
    await getDb()
      .insert(contactMessages)
      .values(
        Array.from({ length: count }, (_, n) => ({
          nom: 'Durand',
          email: `m${n}@exemple.fr`,
          sujet: `Message ${n}`,
          message: 'Bonjour',
          cree_le: new Date(base + n * 60_000),
          ...values(n),
        })),
      )
  }

  it('shows an empty list with its count, then pages of 20 with the last page past the end', async () => {
    const empty = await load()
    expect(empty.status).toBe(200)
    expect(empty.messages).toEqual([])
    expect(empty.info).toEqual({ page: 1, pageSize: 20, total: 0, pageCount: 1 })
    expect((await load('?page=4')).info.page).toBe(1)

    await insertMany(45, () => ({}))
    const first = await load()
    expect(first.messages).toHaveLength(20)
    expect(first.messages[0]?.sujet).toBe('Message 44')
    expect(first.info).toEqual({ page: 1, pageSize: 20, total: 45, pageCount: 3 })
    const last = await load('?page=3')
    expect(last.messages.map((m) => m.sujet)).toEqual([
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
      'Message 0',
    ])
    // Past the end: the last page; malformed: page 1; never a 500.
    const past = await load('?page=9')
    expect(past.status).toBe(200)
    expect(past.info.page).toBe(3)
    expect(past.messages).toHaveLength(5)
    for (const malformed of ['0', '-2', 'abc', '1.5', '99999999']) {
      const answer = await load(`?page=${malformed}`)
      expect(answer.status, malformed).toBe(200)
      expect(answer.info.page, malformed).toBe(1)
    }
  })

  it('puts unread messages first, then the newest; sorts by sender on ?tri=nom', async () => {
    await insertMessage({
      sujet: 'Lu récent',
      nom: 'Aubert',
      lu: true,
      cree_le: new Date('2026-05-01T10:00:00Z'),
    })
    await insertMessage({ sujet: 'Non lu ancien', nom: 'Zola', cree_le: new Date('2026-01-01T10:00:00Z') })
    await insertMessage({ sujet: 'Non lu récent', nom: 'Martin', cree_le: new Date('2026-04-01T10:00:00Z') })
    expect((await load()).messages.map((m) => m.sujet)).toEqual([
      'Non lu récent',
      'Non lu ancien',
      'Lu récent',
    ])
    expect((await load('?tri=nom')).messages.map((m) => m.nom)).toEqual(['Aubert', 'Martin', 'Zola'])
    expect((await load('?tri=inconnu')).messages.map((m) => m.sujet)[0]).toBe('Non lu récent')
  })

  it('searches e-mail, name and subject with or without accents, within the tab', async () => {
    await insertMessage({ sujet: 'Exposition à Orléans', email: 'anne@exemple.fr' })
    await insertMessage({ sujet: 'Autre', nom: 'Hélène Dupré', email: 'h@exemple.fr' })
    await insertMessage({ sujet: 'Orleans archivé', archive: true })
    await insertMessage({ sujet: 'Spam', email: 'promo@spam.test' })
    const plain = await load('?q=orleans')
    expect(plain.messages.map((m) => m.sujet)).toEqual(['Exposition à Orléans'])
    expect(plain.info.total).toBe(1)
    expect(plain.counts.tous).toBe(3)
    expect((await load('?q=ORLÉANS')).messages.map((m) => m.sujet)).toEqual(['Exposition à Orléans'])
    expect((await load('?q=helene%20dupre')).messages.map((m) => m.sujet)).toEqual(['Autre'])
    expect((await load('?q=spam.test')).messages.map((m) => m.email)).toEqual(['promo@spam.test'])
    expect((await load('?filtre=archives&q=orle')).messages.map((m) => m.sujet)).toEqual(['Orleans archivé'])
    expect((await load('?q=%25')).messages).toEqual([])
    expect((await load('?q=introuvable')).info.total).toBe(0)
  })

  it('keeps the order and the pages whether a search matches few messages or hundreds', async () => {
    const work = await insertArtwork({ nom: 'Vague' })
    // 530 messages, one in three read; six are « Rare », one of them about a work.
    await insertMany(530, (n) => ({
      lu: n % 3 === 0,
      sujet: n % 100 === 7 ? `Rare ${n}` : `Message ${n}`,
      oeuvre_id: n === 307 ? work.id : null,
    }))
    // Hundreds of matches (read along the tabs' index): the same pages as without a search.
    for (const page of ['', '?page=2', '?page=27']) {
      const all = await load(page)
      const searched = await load(`${page ? `${page}&` : '?'}q=exemple.fr`)
      expect(searched.info.total).toBe(530)
      expect(searched.messages.map((m) => m.sujet)).toEqual(all.messages.map((m) => m.sujet))
    }
    // Few matches (sorted whole): unread first, then the newest, with the work asked about.
    const rare = await load('?q=rare')
    expect(rare.info.total).toBe(6)
    expect(rare.messages.map((m) => m.sujet)).toEqual([
      'Rare 407',
      'Rare 307',
      'Rare 107',
      'Rare 7',
      'Rare 507',
      'Rare 207',
    ])
    expect(rare.messages.find((m) => m.sujet === 'Rare 307')?.oeuvre).toEqual({ id: work.id, nom: 'Vague' })
    expect(rare.messages.find((m) => m.sujet === 'Rare 7')?.oeuvre).toBeNull()
    // Sorted by name, the same matches are read along the table: the work is still named.
    const byName = await load('?q=rare&tri=nom')
    expect(byName.messages).toHaveLength(6)
    expect(byName.messages.find((m) => m.sujet === 'Rare 307')?.oeuvre).toEqual({ id: work.id, nom: 'Vague' })
  })
})

describe('/admin/messages bulk actions (issue #35 §2)', () => {
  it('marks the ticked messages read, archives them, deletes them, touching nothing else', async () => {
    const a = await insertMessage({ sujet: 'A' })
    const b = await insertMessage({ sujet: 'B' })
    const c = await insertMessage({ sujet: 'C' })
    const read = await post({ intent: 'bulk', operation: 'lire', portee: 'selection', ids: [a.id, b.id] })
    expect(read.status).toBe(200)
    expect(read.body.toast).toEqual({
      type: 'success',
      title: 'Succès',
      description: '2 messages marqués comme lus',
    })
    expect((await stored()).map((row) => [row.sujet, row.lu])).toEqual([
      ['A', true],
      ['B', true],
      ['C', false],
    ])
    const archived = await post({ intent: 'bulk', operation: 'archiver', portee: 'selection', ids: [c.id] })
    expect(archived.body.toast.description).toBe('1 message archivé')
    const removed = await post({
      intent: 'bulk',
      operation: 'supprimer',
      portee: 'selection',
      ids: [a.id, c.id],
    })
    expect(removed.body.toast.description).toBe('2 messages supprimés')
    expect((await stored()).map((row) => row.sujet)).toEqual(['B'])
  })

  it('acts on every message the tab and the search match, and only on them', async () => {
    await getDb()
      .insert(contactMessages)
      .values(
        Array.from({ length: 120 }, (_, n) => ({
          nom: 'Robot',
          email: `bot${n}@spam.test`,
          sujet: 'Gagnez',
          message: 'Promo',
        })),
      )
    await insertMessage({ sujet: 'Vraie demande', email: 'anne@exemple.fr' })
    await insertMessage({ sujet: 'Spam déjà archivé', email: 'old@spam.test', archive: true })
    const answer = await post({
      intent: 'bulk',
      operation: 'supprimer',
      portee: 'tout',
      filtre: 'tous',
      q: 'spam.test',
    })
    expect(answer.body.toast.description).toBe('120 messages supprimés')
    expect((await stored()).map((row) => row.sujet).sort()).toEqual(['Spam déjà archivé', 'Vraie demande'])

    const readAll = await post({
      intent: 'bulk',
      operation: 'lire',
      portee: 'tout',
      filtre: 'non-lus',
      q: '',
    })
    expect(readAll.body.toast.description).toBe('1 message marqué comme lu')
    const archiveAll = await post({
      intent: 'bulk',
      operation: 'archiver',
      portee: 'tout',
      filtre: 'lus',
      q: '',
    })
    expect(archiveAll.body.toast.description).toBe('1 message archivé')
    expect((await load('?filtre=archives')).info.total).toBe(2)
  })

  it('refuses a bulk action without selection, with an unknown operation or filter, changing nothing', async () => {
    const message = await insertMessage()
    const before = await stored()
    const none = await post({ intent: 'bulk', operation: 'lire', portee: 'selection' })
    expect(none.status).toBe(400)
    expect(none.body.toast.description).toBe('Aucun message sélectionné.')
    expect(
      (await post({ intent: 'bulk', operation: 'brûler', portee: 'selection', ids: [message.id] })).status,
    ).toBe(400)
    expect((await post({ intent: 'bulk', operation: 'lire', portee: 'tout', filtre: 'spam' })).status).toBe(
      400,
    )
    expect((await post({ intent: 'bulk', operation: 'lire', portee: 'partout' })).status).toBe(400)
    expect((await post({ intent: 'bulk', operation: 'lire', portee: 'selection', ids: ['x'] })).status).toBe(
      400,
    )
    expect(await stored()).toEqual(before)
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
