import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetAuthForTests } from '#app/auth.server'
import { getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'
import { ensurePageConfigs } from '#app/services/pages/ensure-page-configs.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { resetRateLimitsForTests } from '#app/services/rate-limit.server'
import { postAction, runLoader } from '#tests/support/routes'
import { signedInCookie } from '#tests/support/sessions'
import { action, loader } from './pages'

const PATH = '/admin/pages'
let admin: string

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

beforeEach(async () => {
  resetAuthForTests()
  await resetRateLimitsForTests()
  admin = await signedInCookie('admin')
})

describe('/admin/pages', () => {
  it('lists an empty table as empty, then one configuration per page by menu order', async () => {
    expect((await runLoader(loader, PATH, admin)).pages).toEqual([])
    await ensurePageConfigs()
    const data = await runLoader(loader, PATH, admin)
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
    const answer = await postAction(action, PATH, form(contact.id), admin)
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
    await postAction(
      action,
      PATH,
      form(blog.id, {
        menu_order: 'douze',
        titre: '',
        description: '<p></p>',
        image_height: '',
        menu_name: '',
        show_in_menu: '',
        page_url: '',
      }),
      admin,
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
    const height = await postAction(action, PATH, form(contact.id, { image_height: '300' }), admin)
    expect(height.status).toBe(400)
    expect(height.body?.fieldErrors?.image_height).toEqual([
      'Taille invalide : un nombre suivi de px, vh, vw, rem ou % (ex. 300px, 50vh, 100%).',
    ])
    const width = await postAction(action, PATH, form(contact.id, { image_width: 'calc(100% - 1px)' }), admin)
    expect(width.body?.fieldErrors?.image_width).toHaveLength(1)
    const url = await postAction(action, PATH, form(contact.id, { page_url: 'javascript:alert(1)' }), admin)
    expect(url.body?.fieldErrors?.page_url).toEqual([
      "L'adresse doit commencer par / (ex. /contact) ou par http:// ou https://.",
    ])
    const protocolRelative = await postAction(
      action,
      PATH,
      form(contact.id, { page_url: '//evil.example' }),
      admin,
    )
    expect(protocolRelative.status).toBe(400)
    const noTitle = await postAction(action, PATH, form(parcours.id, { titre: ' ' }), admin)
    expect(noTitle.status).toBe(400)
    expect(noTitle.body?.fieldErrors?.titre).toEqual(['Le titre est requis'])
    const unknown = await postAction(action, PATH, form('00000000-0000-4000-8000-000000000000'), admin)
    expect(unknown.status).toBe(404)
    expect((await postAction(action, PATH, form('pas-un-id'), admin)).status).toBe(400)
    expect(await getDb().select().from(pagesConfig).orderBy(pagesConfig.page_name)).toEqual(before)
  })
})
