import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'
import { PAGE_NAMES } from '#app/lib/pages'
import { configurePage } from '#tests/support/content-fixtures'
import { ensurePageConfigs } from './ensure-page-configs.server'
import { getMenu } from './get-menu.server'
import { getPageContent } from './get-page-content.server'

describe('ensurePageConfigs', () => {
  it('creates the 8 pages on an empty database, giving the site its menu', async () => {
    expect(await getMenu()).toEqual([])
    expect((await ensurePageConfigs()).sort()).toEqual([...PAGE_NAMES].sort())
    const menu = await getMenu()
    expect(menu.map((entry) => [entry.menu_name, entry.page_url])).toEqual([
      ['Accueil', '/'],
      ['Portfolio', '/portfolio'],
      ['Parcours', '/parcours'],
      ['Actualités', '/blog'],
      ['Podcasts', '/podcasts'],
      ['Atelier', '/atelier'],
      ['Contact', '/contact'],
    ])
    const contact = await getPageContent('contact')
    expect(contact.titre).toBe('Contact')
    expect(contact.description).toBe("<p>Contactez-moi pour vos projets ou demandes d'information</p>")
    expect(contact.imageHeight).toBe('250px')
  })

  it('is idempotent and never changes a page that exists', async () => {
    await configurePage('contact', { titre: 'Écrivez-moi', menu_order: 42, show_in_menu: false })
    expect(await ensurePageConfigs()).toHaveLength(7)
    expect(await ensurePageConfigs()).toEqual([])
    const rows = await getDb().select().from(pagesConfig)
    expect(rows).toHaveLength(8)
    const [contact] = await getDb().select().from(pagesConfig).where(eq(pagesConfig.page_name, 'contact'))
    expect(contact).toMatchObject({
      titre: 'Écrivez-moi',
      menu_order: 42,
      show_in_menu: false,
      page_url: null,
    })
  })

  it('runs inside a caller’s transaction', async () => {
    await getDb().transaction(async (tx) => {
      expect(await ensurePageConfigs(tx)).toHaveLength(8)
    })
    expect(await getDb().select().from(pagesConfig)).toHaveLength(8)
  })
})
