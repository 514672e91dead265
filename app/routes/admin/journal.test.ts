import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { contactMessages, journalAudit, user } from '#app/db/schema'
import { listAuditEntries } from '#app/services/audit/list-audit-entries.server'
import { purgeAuditEntries } from '#app/services/audit/purge-audit-entries.server'
import { exportContent } from '#app/services/backup/export-content.server'
import { adminRoute, postAction } from '#tests/support/routes'
import { signedInCookie } from '#tests/support/sessions'
import { action as categoriesAction } from './categories'
import { action as indexAction } from './index'
import { loader } from './journal'
import { action as messagesAction } from './messages'
import { action as settingsAction } from './settings'

// The kit signs an administrator in before each test; the journal has no action of its own.
const { cookie, load } = adminRoute('/admin/journal', { action: categoriesAction, loader })

/** What the journal stores, oldest first: the service the screen reads, all of it on one page. */
async function entries() {
  const { entries: newestFirst } = await listAuditEntries(
    { page: 1, q: '', auteur: null, entite: null, du: null, au: null },
    'Europe/Paris',
  )
  return newestFirst.reverse().map(({ email, entite, entite_id, action, champs }) => ({
    email,
    entite,
    entite_id,
    action,
    champs,
  }))
}

describe('the audit log (issue #37 §3)', () => {
  it('records a change from three different screens: who, what, which row, which fields — never a value', async () => {
    const created = await postAction(
      categoriesAction,
      '/admin/categories',
      { intent: 'create', nom: 'Kanji', description: '<p>Texte secret</p>', ordre: '2' },
      cookie(),
    )
    expect(created.status).toBe(200)
    await postAction(
      settingsAction,
      '/admin/settings',
      { intent: 'save', key: 'site_title', value: 'Mon atelier' },
      cookie(),
    )
    const [message] = await getDb()
      .insert(contactMessages)
      .values({ nom: 'Durand', email: 'a@exemple.fr', sujet: 'Sujet', message: 'Bonjour' })
      .returning({ id: contactMessages.id })
    await postAction(
      messagesAction,
      '/admin/messages',
      { intent: 'set-read', id: message?.id ?? '', lu: 'true' },
      cookie(),
    )

    expect(await entries()).toEqual([
      {
        email: 'admin@exemple.fr',
        entite: 'categories',
        entite_id: created.body.id,
        action: 'create',
        champs: ['nom', 'description', 'ordre'],
      },
      {
        email: 'admin@exemple.fr',
        entite: 'site_settings',
        entite_id: 'site_title',
        action: 'save',
        champs: ['value'],
      },
      {
        email: 'admin@exemple.fr',
        entite: 'contact_messages',
        entite_id: message?.id,
        action: 'set-read',
        champs: ['lu'],
      },
    ])
    expect(JSON.stringify(await getDb().select().from(journalAudit))).not.toMatch(/Texte secret|Mon atelier/)
  })

  it('records nothing for refused input, and nothing for a sign-out', async () => {
    const refused = await postAction(
      categoriesAction,
      '/admin/categories',
      { intent: 'create', nom: '   ' },
      cookie(),
    )
    expect(refused.status).toBe(400)
    const signOut = await indexAction({
      request: new Request('http://localhost:3000/admin', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'sign-out' }),
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
      }),
      params: {},
      context: { cspNonce: 'n', clientIp: '127.0.0.1' },
    } as never).catch((thrown: unknown) => thrown)
    expect(signOut).toBeInstanceOf(Response)
    expect(await entries()).toEqual([])
  })

  it('lists the newest first, filtered by author, entity, id and days, a page at a time', async () => {
    const other = await signedInCookie('admin', 'second@exemple.fr')
    await postAction(categoriesAction, '/admin/categories', { intent: 'create', nom: 'A' }, cookie())
    await postAction(
      settingsAction,
      '/admin/settings',
      { intent: 'save', key: 'site_title', value: 'B' },
      other,
    )
    const [second] = await getDb()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'second@exemple.fr'))

    const all = await load()
    expect(all.status).toBe(200)
    expect(all.entries.map((entry) => entry.entite)).toEqual(['site_settings', 'categories'])
    expect(all.authors.map((author) => author.email)).toEqual(['admin@exemple.fr', 'second@exemple.fr'])
    expect((await load(`?auteur=${second?.id}`)).entries.map((entry) => entry.email)).toEqual([
      'second@exemple.fr',
    ])
    expect((await load('?entite=categories')).entries.map((entry) => entry.action)).toEqual(['create'])
    expect((await load('?q=site_title')).entries).toHaveLength(1)
    expect((await load('?du=2000-01-01&au=2000-12-31')).entries).toEqual([])
    // Days are the site's (Europe/Paris): near midnight UTC the two differ.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date())
    expect((await load(`?du=${today}&au=${today}`)).info.total).toBeGreaterThanOrEqual(1)

    const ignored = await load('?entite=inconnue&du=hier')
    expect(ignored.status).toBe(400)
    expect(ignored.ignored).toBe(true)
    expect(ignored.entries).toHaveLength(2)

    const admin = await getDb().select({ id: user.id }).from(user).where(eq(user.email, 'admin@exemple.fr'))
    await getDb()
      .insert(journalAudit)
      .values(
        Array.from({ length: 40 }, (_, n) => ({
          user_id: admin[0]?.id ?? null,
          email: 'admin@exemple.fr',
          entite: 'oeuvres',
          action: 'update',
          cree_le: new Date(Date.UTC(2026, 0, 1, 0, n)),
        })),
      )
    const first = await load('?entite=oeuvres')
    expect(first.entries).toHaveLength(30)
    expect(first.info).toEqual({ page: 1, pageSize: 30, total: 40, pageCount: 2 })
    expect((await load('?entite=oeuvres&page=2')).entries).toHaveLength(10)
  })

  it('is kept one year: the purge deletes older entries only', async () => {
    const now = new Date('2026-11-28T12:00:00Z')
    await getDb()
      .insert(journalAudit)
      .values([
        {
          email: 'a@exemple.fr',
          entite: 'oeuvres',
          action: 'update',
          cree_le: new Date('2025-11-27T12:00:00Z'),
        },
        {
          email: 'a@exemple.fr',
          entite: 'oeuvres',
          action: 'delete',
          cree_le: new Date('2025-11-29T12:00:00Z'),
        },
      ])
    expect(await purgeAuditEntries(now)).toBe(1)
    expect((await entries()).map((entry) => entry.action)).toEqual(['delete'])
  })

  it('is in the export, and its author’s deletion keeps the entry with the address', async () => {
    await postAction(categoriesAction, '/admin/categories', { intent: 'create', nom: 'Exportée' }, cookie())
    await getDb().delete(user).where(eq(user.email, 'admin@exemple.fr'))
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-export-'))
    try {
      const { dir } = await exportContent(getDb(), folder)
      const json = JSON.parse(fs.readFileSync(path.join(dir, 'contenu.json'), 'utf8'))
      expect(json.tables.journal_audit).toEqual([
        expect.objectContaining({
          email: 'admin@exemple.fr',
          entite: 'categories',
          user_id: null,
          champs: ['nom'],
        }),
      ])
    } finally {
      fs.rmSync(folder, { recursive: true, force: true })
    }
  })
})
