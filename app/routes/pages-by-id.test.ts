import { describe, expect, it } from 'vitest'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { itAnswersNotFoundForUnknownIds, loadPage, renderRoute } from '#tests/support/routes'
import * as episode from './podcast-episode'
import * as season from './podcast-season'
import * as artwork from './portfolio-artwork'
import * as category from './portfolio-category'

/**
 * The public pages of one row found by its id (public spec §2): a row visitors may not see
 * (hidden, unpublished, or under a hidden category or season) and an id that finds nothing answer
 * 404 with the page's not-found fallback, never a 500 (DESIGN.md §4).
 */
const PAGES: {
  path: string
  load: (id: string) => Promise<{ status: number; data: unknown }>
  insertShown: () => Promise<{ id: string }>
  /** Stores a row the page must not show, by why; resolves to its id. */
  unseen: [why: string, insert: () => Promise<{ id: string }>][]
  expectFallback: (data: unknown) => void
}[] = [
  {
    path: '/portfolio/oeuvre/:artworkId',
    load: (artworkId) =>
      loadPage(artwork.loader, `/portfolio/oeuvre/${encodeURIComponent(artworkId)}`, { artworkId }),
    insertShown: () => insertArtwork({ nom: 'Souffle' }),
    unseen: [
      [
        'a hidden artwork',
        async () =>
          insertArtwork({
            nom: 'Cachée',
            categorie_id: (await insertCategory({ nom: 'Encres' })).id,
            affichee: false,
          }),
      ],
      [
        'a displayed artwork in a hidden category',
        async () =>
          insertArtwork({
            nom: 'Visible',
            categorie_id: (await insertCategory({ nom: 'Secrète', affichee: false })).id,
          }),
      ],
    ],
    expectFallback: (data) => {
      expect(data).toEqual({ found: false })
      expect(renderRoute(artwork.default as never, data, '/o')).toContain(
        'Cette œuvre n&#x27;existe pas ou n&#x27;est plus disponible.',
      )
    },
  },
  {
    path: '/portfolio/categorie/:categoryId',
    load: (categoryId) =>
      loadPage(category.loader, `/portfolio/categorie/${encodeURIComponent(categoryId)}`, { categoryId }),
    insertShown: () => insertCategory({ nom: 'Encres' }),
    unseen: [
      [
        'a hidden category, even when its artworks are displayed',
        async () => {
          const hidden = await insertCategory({ nom: 'Secrète', affichee: false })
          await insertArtwork({ nom: 'Visible', categorie_id: hidden.id })
          return hidden
        },
      ],
    ],
    expectFallback: (data) => {
      expect(data).toEqual({ found: false })
      const html = renderRoute(category.default as never, data, '/c')
      expect(html).toContain('Catégorie introuvable')
      expect(html).toContain('Retour au portfolio')
    },
  },
  {
    path: '/podcasts/saison/:saisonId',
    load: (saisonId) => loadPage(season.loader, '/podcasts/saison/x', { saisonId }),
    insertShown: () => insertSeason({ nom: 'Saison 1' }),
    unseen: [
      [
        'a hidden season',
        async () => {
          const hidden = await insertSeason({ nom: 'Cachée', affichee: false })
          await insertEpisode({ titre: 'Épisode', saison_id: hidden.id })
          return hidden
        },
      ],
    ],
    expectFallback: (data) => {
      expect(data).toMatchObject({ season: null })
      expect(renderRoute(season.default as never, data, '/podcasts/saison/x')).toContain('Saison introuvable')
    },
  },
  {
    path: '/podcasts/episode/:episodeId',
    load: (episodeId) => loadPage(episode.loader, '/podcasts/episode/x', { episodeId }),
    insertShown: () => insertEpisode({ titre: 'Public' }),
    unseen: [
      [
        'an unpublished episode',
        async () =>
          insertEpisode({
            titre: 'Brouillon',
            saison_id: (await insertSeason({ nom: 'Saison 1' })).id,
            publie: false,
          }),
      ],
      [
        'a published episode of a hidden season',
        async () =>
          insertEpisode({
            titre: 'Caché avec sa saison',
            saison_id: (await insertSeason({ nom: 'Cachée', affichee: false })).id,
          }),
      ],
    ],
    expectFallback: (data) => {
      expect(data).toMatchObject({ episode: null })
      expect(renderRoute(episode.default as never, data, '/podcasts/episode/x')).toContain(
        'Épisode introuvable',
      )
    },
  },
]

describe.each(PAGES)('$path not found', (page) => {
  it.each(page.unseen)('answers 404 with the fallback for %s', async (_why, insert) => {
    const { id } = await insert()
    const { status, data } = await page.load(id)
    expect(status).toBe(404)
    page.expectFallback(data)
  })

  itAnswersNotFoundForUnknownIds({
    load: page.load,
    insertOne: page.insertShown,
    expectFallback: page.expectFallback,
  })
})
