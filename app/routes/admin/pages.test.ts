import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'
import { ensurePageConfigs } from '#app/services/pages/ensure-page-configs.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { adminRoute } from '#tests/support/routes'
import { action, loader } from './pages'

const PATH = '/admin/pages'
const { post, load } = adminRoute(PATH, { action, loader })

async function page(name: string) {
  const [row] = await getDb().select().from(pagesConfig).where(eq(pagesConfig.page_name, name))
  if (!row) throw new Error(name)
  return row
}

function form(id: string, fields: Record<string, string> = {}) {
  return {
    intent: 'update',
    id,
    titre: 'Me contacter',
    description: '<p style="text-align: center">Un <em>mot</em> ?</p>',
    image_url: '',
    image_height: '40vh',
    image_width: '100%',
    menu_name: 'Écrire',
    show_in_menu: 'on',
    menu_order: '3',
    page_url: '/contact',
    ...fields,
  }
}

describe('/admin/pages', () => {
  it('lists an empty table as empty, then one configuration per page by menu order', async () => {
    expect((await load()).pages).toEqual([])
    await ensurePageConfigs()
    const data = await load()
    expect(data.pages.map((row) => row.page_name)).toEqual([
      'accueil',
      'categories',
      'parcours',
      'blog',
      'podcasts',
      'atelier',
      'contact',
      'mentions-legales',
    ])
  })

  it('saves every field, sanitized, and the public page shows it', async () => {
    await ensurePageConfigs()
    const contact = await page('contact')
    const answer = await post(form(contact.id))
    expect(answer.status).toBe(200)
    expect(answer.body?.toast).toEqual({
      type: 'success',
      title: 'Succès',
      description: 'Configuration sauvegardée',
    })
    expect(await page('contact')).toMatchObject({
      titre: 'Me contacter',
      description: '<p style="text-align:center">Un <em>mot</em> ?</p>',
      image_height: '40vh',
      image_width: '100%',
      menu_name: 'Écrire',
      show_in_menu: true,
      menu_order: 3,
      page_url: '/contact',
    })
    expect((await getPageContent('contact')).titre).toBe('Me contacter')
  })

  it('reads a non-integer order as 0, empty fields as null, an unchecked switch as hidden', async () => {
    await ensurePageConfigs()
    const blog = await page('blog')
    await post(
      form(blog.id, {
        menu_order: 'douze',
        titre: '',
        description: '<p></p>',
        image_height: '',
        menu_name: '',
        show_in_menu: '',
        page_url: '',
      }),
    )
    expect(await page('blog')).toMatchObject({
      menu_order: 0,
      titre: null,
      description: null,
      image_height: null,
      menu_name: null,
      show_in_menu: false,
      page_url: null,
    })
  })

  it('refuses bad CSS sizes, unsafe addresses, a parcours page without title and unknown ids, changing nothing', async () => {
    await ensurePageConfigs()
    const contact = await page('contact')
    const parcours = await page('parcours')
    const before = await getDb().select().from(pagesConfig).orderBy(pagesConfig.page_name)
    const height = await post(form(contact.id, { image_height: '300' }))
    expect(height.status).toBe(400)
    expect(height.body?.fieldErrors?.image_height).toEqual([
      'Taille invalide : un nombre suivi de px, vh, vw, rem ou % (ex. 300px, 50vh, 100%).',
    ])
    const width = await post(form(contact.id, { image_width: 'calc(100% - 1px)' }))
    expect(width.body?.fieldErrors?.image_width).toHaveLength(1)
    const url = await post(form(contact.id, { page_url: 'javascript:alert(1)' }))
    expect(url.body?.fieldErrors?.page_url).toEqual([
      "L'adresse doit commencer par / (ex. /contact) ou par http:// ou https://.",
    ])
    const protocolRelative = await post(form(contact.id, { page_url: '//evil.example' }))
    expect(protocolRelative.status).toBe(400)
    const noTitle = await post(form(parcours.id, { titre: ' ' }))
    expect(noTitle.status).toBe(400)
    expect(noTitle.body?.fieldErrors?.titre).toEqual(['Le titre est requis'])
    const unknown = await post(form('00000000-0000-4000-8000-000000000000'))
    expect(unknown.status).toBe(404)
    expect((await post(form('pas-un-id'))).status).toBe(400)
    expect(await getDb().select().from(pagesConfig).orderBy(pagesConfig.page_name)).toEqual(before)
  })
})
