import { describe, expect, it } from 'vitest'
import type { PageName } from '#app/lib/pages'
import { insertCategory } from '#tests/support/catalogue-fixtures'
import { configurePage, insertPhoto } from '#tests/support/content-fixtures'
import { insertSeason } from '#tests/support/podcast-fixtures'
import { itShowsTheEmptyState, loadPage, renderRoute } from '#tests/support/routes'
import * as atelier from './atelier'
import * as podcasts from './podcasts'
import * as portfolio from './portfolio'

/**
 * The public list pages under a banner (public spec §2): each reads its `pages_config` row, with
 * the spec's defaults when there is none, and says so when it has nothing visible to list.
 */
const PAGES: {
  path: string
  route: { loader: (args: never) => Promise<{ page: object }>; default: unknown }
  pageName: PageName
  defaults: Record<string, unknown>
  insertHidden: (nom: string) => Promise<unknown>
  emptyText: string
}[] = [
  {
    path: '/atelier',
    route: atelier,
    pageName: 'atelier',
    defaults: { titre: "L'atelier", imageHeight: '400px', image: null },
    insertHidden: (nom) => insertPhoto({ nom, affichee: false }),
    emptyText: 'Aucune photo d&#x27;atelier disponible pour le moment.',
  },
  {
    path: '/podcasts',
    route: podcasts,
    pageName: 'podcasts',
    defaults: { titre: 'Podcasts', imageHeight: '300px', image: null },
    insertHidden: (nom) => insertSeason({ nom, affichee: false }),
    emptyText: 'Aucune saison de podcast n&#x27;est disponible pour le moment.',
  },
  {
    path: '/portfolio',
    route: portfolio,
    pageName: 'categories',
    defaults: { titre: 'Portfolio', imageHeight: '300px', image: null },
    insertHidden: (nom) => insertCategory({ nom, affichee: false }),
    emptyText: 'Aucune catégorie n&#x27;est disponible pour le moment.',
  },
]

describe.each(PAGES)('$path', (page) => {
  it('uses its page configuration, with the spec defaults when absent', async () => {
    expect((await loadPage(page.route.loader, page.path)).data.page).toMatchObject(page.defaults)

    await configurePage(page.pageName, { titre: 'Mes œuvres', description: '<p>Encres et papiers</p>' })
    expect((await loadPage(page.route.loader, page.path)).data.page).toMatchObject({
      titre: 'Mes œuvres',
      description: '<p>Encres et papiers</p>',
    })
  })

  itShowsTheEmptyState({
    insertHidden: page.insertHidden,
    render: async () =>
      renderRoute(
        page.route.default as never,
        (await loadPage(page.route.loader, page.path)).data,
        page.path,
      ),
    emptyText: page.emptyText,
  })
})
