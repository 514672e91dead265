import pg from 'pg'
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { getDatabase, getDb } from '#app/db/client.server'
import { siteSettings } from '#app/db/schema'
import { action as uploadAction } from '#app/routes/admin/upload'
import { getMenu } from '#app/services/pages/get-menu.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { configurePage } from '#tests/support/content-fixtures'
import { formRequest, resetSignIn, signedInCookie } from '#tests/support/sessions'
import {
  cachedSiteData,
  invalidateSiteData,
  MAX_SITE_DATA_ENTRIES,
  SITE_DATA_CHANNEL,
  setSiteDataCacheEnabled,
  siteDataGeneration,
  startSiteDataSync,
  stopSiteDataSync,
} from './site-data-cache.server'

beforeEach(async () => {
  setSiteDataCacheEnabled(true)
  await resetSignIn()
})
afterEach(() => setSiteDataCacheEnabled(false))

describe('site data cache', () => {
  it('keeps at most MAX_SITE_DATA_ENTRIES entries, forgetting the one loaded longest ago', async () => {
    let loads = 0
    const load = (key: string) => cachedSiteData(key, async () => ++loads)
    expect(await load('premier')).toBe(1)
    for (let index = 0; index < MAX_SITE_DATA_ENTRIES - 1; index++) await load(`clé ${index}`)
    // Still held: the cache is full, not over.
    expect(await load('premier')).toBe(1)
    await load('une de trop')
    expect(loads).toBe(MAX_SITE_DATA_ENTRIES + 1)
    // The oldest went; the newest are still there.
    expect(await load('premier')).toBe(MAX_SITE_DATA_ENTRIES + 2)
    expect(await load('une de trop')).toBe(MAX_SITE_DATA_ENTRIES + 1)
  })

  it('serves settings, menu and page banners from memory until invalidated', async () => {
    expect(await getSiteSettings()).toEqual({})
    expect(await getMenu()).toEqual([])
    expect((await getPageContent('contact')).titre).toBe('Contact')

    await getDb().insert(siteSettings).values({ setting_key: 'site_title', setting_value: 'Atelier Nord' })
    await configurePage('contact', {
      titre: 'Écrivez-moi',
      menu_name: 'Contact',
      page_url: '/contact',
      show_in_menu: true,
    })
    expect(await getSiteSettings()).toEqual({})
    expect((await getPageContent('contact')).titre).toBe('Contact')

    invalidateSiteData()
    expect(await getSiteSettings()).toEqual({ site_title: 'Atelier Nord' })
    expect((await getMenu()).map((entry) => entry.menu_name)).toEqual(['Contact'])
    expect((await getPageContent('contact')).titre).toBe('Écrivez-moi')
  })

  it('is cleared by every back-office action, even a refused one', async () => {
    expect(await getSiteSettings()).toEqual({})
    await getDb().insert(siteSettings).values({ setting_key: 'site_title', setting_value: 'Atelier Sud' })
    const cookie = await signedInCookie('admin')
    await uploadAction({
      request: formRequest('/admin/upload', { intent: 'upload', folder: 'inconnu' }, cookie),
      params: {},
      context: {},
    } as never)
    expect(await getSiteSettings()).toEqual({ site_title: 'Atelier Sud' })
  })
})

describe.skipIf(!inject('postgresTemplateUrl'))('site data cache across instances (PostgreSQL)', () => {
  afterEach(() => stopSiteDataSync())

  it("is cleared by another instance's invalidation", async () => {
    await startSiteDataSync()
    const pool = getDatabase().pool
    if (!pool) throw new Error('pas de pool PostgreSQL')
    const other = new pg.Client(pool.options)
    await other.connect()
    try {
      const before = siteDataGeneration()
      await other.query('select pg_notify($1, $2)', [SITE_DATA_CHANNEL, 'autre-instance'])
      await vi.waitFor(() => expect(siteDataGeneration()).toBeGreaterThan(before), { timeout: 5_000 })
    } finally {
      await other.end()
    }
  })
})
