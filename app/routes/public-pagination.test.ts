import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { siteSettings } from '#app/db/schema'
import { PAGE_SIZE_SETTINGS, type PublicList } from '#app/lib/page-sizes'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { insertArticle, insertEvent, insertPhoto } from '#tests/support/content-fixtures'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { loadPage, renderHead, renderRoute } from '#tests/support/routes'
import * as atelier from './atelier'
import * as blog from './blog'
import * as parcours from './parcours'
import * as season from './podcast-season'
import * as podcasts from './podcasts'
import * as portfolio from './portfolio'
import * as category from './portfolio-category'

const SITE = 'https://encre.example'
const ROOT = { siteTitle: 'Encre', siteUrl: SITE, appearance: { social: [] } }

type Route = {
  loader: (args: never) => Promise<unknown>
  meta: (args: never) => unknown
  default: unknown
}

/**
 * Each public list in pages (issue #35 §1): `setup` makes its parent when it has one (a category,
 * a season) and returns its path and route parameters; `insert(n)` adds the n-th item, in the
 * list's order; `names` reads the loader's items as a visitor sees their names.
 */
const LISTS: Array<{
  list: PublicList
  route: Route
  setup: () => Promise<{ path: string; params: Record<string, string>; parent?: string }>
  insert: (n: number, parent?: string) => Promise<unknown>
  names: (data: never) => string[]
}> = [
  {
    list: 'portfolio',
    route: portfolio,
    setup: async () => ({ path: '/portfolio', params: {} }),
    insert: (n) => insertCategory({ nom: `Catégorie ${n}`, ordre: n }),
    names: (data: { categories: Array<{ nom: string }> }) => data.categories.map((item) => item.nom),
  },
  {
    list: 'blog',
    route: blog,
    setup: async () => ({ path: '/blog', params: {} }),
    insert: (n) =>
      insertArticle({ titre: `Article ${n}`, date_publication: new Date(Date.UTC(2026, 0, 28 - n)) }),
    names: (data: { articles: Array<{ titre: string }> }) => data.articles.map((item) => item.titre),
  },
  {
    list: 'categorie',
    route: category,
    setup: async () => {
      const parent = await insertCategory({ nom: 'Encres' })
      return {
        path: `/portfolio/categorie/${parent.id}`,
        params: { categoryId: parent.id },
        parent: parent.id,
      }
    },
    insert: (n, parent) => insertArtwork({ nom: `Œuvre ${n}`, categorie_id: parent, ordre: n }),
    names: (data: { artworks: Array<{ nom: string }> }) => data.artworks.map((item) => item.nom),
  },
  {
    list: 'atelier',
    route: atelier,
    setup: async () => ({ path: '/atelier', params: {} }),
    insert: (n) => insertPhoto({ nom: `Photo ${n}`, ordre: n }),
    names: (data: { photos: Array<{ nom: string | null }> }) => data.photos.map((item) => item.nom ?? ''),
  },
  {
    list: 'parcours',
    route: parcours,
    setup: async () => ({ path: '/parcours', params: {} }),
    insert: (n) => insertEvent({ titre: `Événement ${n}`, date_evenement: `${2030 - n}-01-01` }),
    names: (data: { timeline: { events: Array<{ titre: string }> } }) =>
      data.timeline.events.map((item) => item.titre),
  },
  {
    list: 'podcasts',
    route: podcasts,
    setup: async () => ({ path: '/podcasts', params: {} }),
    insert: (n) => insertSeason({ nom: `Saison ${n}`, ordre: n }),
    names: (data: { seasons: Array<{ nom: string }> }) => data.seasons.map((item) => item.nom),
  },
  {
    list: 'saison',
    route: season,
    setup: async () => {
      const parent = await insertSeason({ nom: 'Gestes' })
      return { path: `/podcasts/saison/${parent.id}`, params: { saisonId: parent.id }, parent: parent.id }
    },
    insert: (n, parent) => insertEpisode({ titre: `Épisode ${n}`, saison_id: parent, ordre: n }),
    names: (data: { season: { episodes: Array<{ titre: string }> } }) =>
      data.season.episodes.map((item) => item.titre),
  },
]

/** The `href` of the page link marked `rel` (prev, next) or named `label` ('Page 1'), as rendered. */
function linkHref(html: string, mark: string): string | undefined {
  for (const [tag] of html.matchAll(/<a [^>]*>/g)) {
    if (tag.includes(mark)) return /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&')
  }
  return undefined
}

/** The status of the answer a loader threw (a 404 Response), or 0 when it did not throw one. */
async function thrownStatus(load: Promise<unknown>): Promise<number> {
  const thrown = await load.then(
    () => null,
    (error: unknown) => error,
  )
  return thrown instanceof Response ? thrown.status : 0
}

describe.each(LISTS)('$list in pages', ({ list, route, setup, insert, names }) => {
  const open = (path: string, params: Record<string, string>, query = '') =>
    loadPage(route.loader, `${path}${query}`, params)

  async function seed(count: number) {
    await getDb()
      .insert(siteSettings)
      .values({ setting_key: PAGE_SIZE_SETTINGS[list].key, setting_value: '2' })
    const target = await setup()
    for (let n = 1; n <= count; n++) await insert(n, target.parent)
    return target
  }

  it('an empty list has its page 1 and no page 2', async () => {
    const { path, params } = await seed(0)

    const first = await open(path, params)

    expect(first.status).toBe(200)
    expect(names(first.data as never)).toEqual([])
    expect(await thrownStatus(open(path, params, '?page=2'))).toBe(404)
  })

  it('a list of one page shows no page links', async () => {
    const { path, params } = await seed(2)

    const { data } = await open(path, params)

    expect(names(data as never)).toEqual([expect.stringMatching(/ 1$/), expect.stringMatching(/ 2$/)])
    const html = renderRoute(route.default as never, data, path)
    expect(html).not.toContain('Dernière page')
    expect(html).not.toContain('aria-label="Page 1"')
  })

  it('reads the page size from the settings, says the last page is the last, and answers 404 past it or for a malformed page', async () => {
    const { path, params } = await seed(5)

    const second = await open(path, params, '?page=2')
    const last = await open(path, params, '?page=3')

    expect(names(second.data as never).map((name) => name.slice(-1))).toEqual(['3', '4'])
    expect(names(last.data as never).map((name) => name.slice(-1))).toEqual(['5'])
    const html = renderRoute(route.default as never, last.data, `${path}?page=3`)
    expect(html).toContain('Dernière page (3 sur 3)')
    expect(linkHref(html, 'rel="prev"')).toBe(`${path}?page=2`)
    expect(linkHref(html, 'aria-label="Page 1"')).toBe(path)
    expect(html).not.toContain('rel="next"')
    for (const query of ['?page=4', '?page=0', '?page=abc', '?page=1.5', '?page=-1']) {
      expect(await thrownStatus(open(path, params, query)), query).toBe(404)
    }
  })

  it('names each page in its canonical address, page 1 without it', async () => {
    const { path, params } = await seed(3)

    const first = await open(path, params)
    const second = await open(path, params, '?page=2')

    const canonical = (data: unknown, url: string) =>
      /<link rel="canonical" href="([^"]*)"/.exec(renderHead(route.meta, data, url, ROOT))?.[1]
    expect(canonical(first.data, path)).toBe(`${SITE}${path}`)
    expect(canonical(second.data, `${path}?page=2`)).toBe(`${SITE}${path}?page=2`)
  })
})

describe('filters across pages', () => {
  it('/blog keeps its type filter in the page links', async () => {
    await getDb().insert(siteSettings).values({ setting_key: 'taille_page_blog', setting_value: '1' })
    await insertArticle({ titre: 'Tuto 1', type: 'tutorial', date_publication: new Date('2026-01-03') })
    await insertArticle({ titre: 'Tuto 2', type: 'tutorial', date_publication: new Date('2026-01-02') })
    await insertArticle({ titre: 'Actu', type: 'news', date_publication: new Date('2026-01-04') })

    const { data } = await loadPage(blog.loader, '/blog?type=tutorial&page=2')

    expect(data.articles.map((article) => article.titre)).toEqual(['Tuto 2'])
    expect(data.info).toMatchObject({ page: 2, pageCount: 2, total: 2 })
    const html = renderRoute(blog.default as never, data, '/blog?type=tutorial&page=2')
    expect(linkHref(html, 'rel="prev"')).toBe('/blog?type=tutorial')
    expect(html).toContain('Dernière page (2 sur 2)')
  })

  it('/parcours keeps its year and type filters in the page links', async () => {
    await getDb().insert(siteSettings).values({ setting_key: 'taille_page_parcours', setting_value: '1' })
    await insertEvent({ titre: 'Prix A', type: 'prix', date_evenement: '2024-05-01' })
    await insertEvent({ titre: 'Prix B', type: 'prix', date_evenement: '2024-03-01' })
    await insertEvent({ titre: 'Expo', type: 'exposition', date_evenement: '2024-04-01' })
    await insertEvent({ titre: 'Prix 2023', type: 'prix', date_evenement: '2023-04-01' })

    const { data } = await loadPage(parcours.loader, '/parcours?annee=2024&type=prix')

    expect(data.timeline.events.map((event) => event.titre)).toEqual(['Prix A'])
    expect(data.timeline.info).toMatchObject({ page: 1, pageCount: 2, total: 2 })
    const html = renderRoute(parcours.default as never, data, '/parcours?annee=2024&type=prix')
    expect(linkHref(html, 'rel="next"')).toBe('/parcours?annee=2024&type=prix&page=2')
  })
})
