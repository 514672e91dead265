import { describe, expect, it } from 'vitest'
import { listBlogArticles } from '#app/services/articles/list-published-articles.server'
import { listAtelierPhotos } from '#app/services/atelier/list-atelier-photos.server'
import { getPublicArtwork } from '#app/services/catalogue/get-public-artwork.server'
import { listPublicCategories } from '#app/services/catalogue/list-public-categories.server'
import { getPodcastEpisode } from '#app/services/podcasts/get-podcast-episode.server'
import { listPodcastSeasons } from '#app/services/podcasts/list-podcast-seasons.server'
import { getTimeline } from '#app/services/timeline/get-timeline.server'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { insertArticle, insertEvent, insertPhoto } from '#tests/support/content-fixtures'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { adminRoute, UNKNOWN_ID } from '#tests/support/routes'
import * as articles from './articles'
import * as artworks from './artworks'
import * as categories from './categories'
import * as episodes from './episodes-podcast'
import * as events from './evenements'
import * as photos from './photos-atelier'
import * as seasons from './saisons-podcast'

/** A toast as the action answers it: `[title, description]` (no description: the title alone). */
type Toast = [title: string, description?: string]

/**
 * The set-visibility intent of every back-office screen of rows (back-office spec §7 "toggle", §8
 * toasts): what each screen's switch writes, the public page that follows it, and its toasts.
 */
const SCREENS: {
  path: string
  route: { action: (args: never) => Promise<unknown>; loader: (args: never) => Promise<unknown> }
  column: string
  insertShown: () => Promise<{ id: string }>
  isPublic: (id: string) => Promise<boolean>
  hidden: Toast
  shown: Toast
  refused: string
  gone: string
}[] = [
  {
    path: '/admin/articles',
    route: articles,
    column: 'affiche',
    insertShown: () => insertArticle({ titre: 'Visible' }),
    isPublic: async (id) =>
      Boolean((await listBlogArticles())?.articles.some((article) => article.id === id)),
    hidden: ['Succès', 'Article masqué'],
    shown: ['Succès', 'Article affiché'],
    refused: 'Une erreur est survenue',
    gone: "Une erreur est survenue. Cet article n'existe plus.",
  },
  {
    path: '/admin/artworks',
    route: artworks,
    column: 'affichee',
    insertShown: () => insertArtwork({ nom: 'Vague' }),
    isPublic: async (id) => (await getPublicArtwork(id)) !== null,
    hidden: ['Succès', 'Œuvre masquée'],
    shown: ['Succès', 'Œuvre affichée'],
    refused: 'Impossible de modifier la visibilité',
    gone: 'Impossible de modifier la visibilité. Œuvre introuvable.',
  },
  {
    path: '/admin/categories',
    route: categories,
    column: 'affichee',
    insertShown: () => insertCategory({ nom: 'Encres' }),
    isPublic: async (id) =>
      ((await listPublicCategories())?.items ?? []).some((category) => category.id === id),
    hidden: ['Catégorie modifiée', 'La catégorie est maintenant masquée.'],
    shown: ['Catégorie modifiée', 'La catégorie est maintenant visible.'],
    refused: 'Impossible de modifier la visibilité',
    gone: 'Impossible de modifier la visibilité. Catégorie introuvable.',
  },
  {
    path: '/admin/episodes-podcast',
    route: episodes,
    column: 'publie',
    insertShown: () => insertEpisode({ titre: 'Bascule' }),
    isPublic: async (id) => (await getPodcastEpisode(id)) !== null,
    hidden: ['Épisode masqué', "L'épisode n'est plus visible sur le site."],
    shown: ['Épisode publié', "L'épisode est visible sur le site."],
    refused: 'Impossible de modifier la publication',
    gone: "Impossible de modifier la publication. Cet épisode n'existe plus.",
  },
  {
    path: '/admin/evenements',
    route: events,
    column: 'affiche',
    insertShown: () => insertEvent({ titre: 'Visible' }),
    isPublic: async (id) =>
      Boolean((await getTimeline({ annee: null, type: null }))?.events.some((event) => event.id === id)),
    hidden: ['Succès', 'Événement masqué'],
    shown: ['Succès', 'Événement affiché'],
    refused: 'Impossible de modifier la visibilité',
    gone: "Impossible de modifier la visibilité. Cet événement n'existe plus.",
  },
  {
    path: '/admin/photos-atelier',
    route: photos,
    column: 'affichee',
    insertShown: () => insertPhoto({ nom: 'Visible' }),
    isPublic: async (id) => Boolean((await listAtelierPhotos())?.items.some((photo) => photo.id === id)),
    hidden: ['Photo masquée'],
    shown: ['Photo affichée'],
    refused: 'Erreur lors de la mise à jour',
    gone: "Erreur lors de la mise à jour. Cette photo n'existe plus.",
  },
  {
    path: '/admin/saisons-podcast',
    route: seasons,
    column: 'affichee',
    insertShown: () => insertSeason({ nom: 'Bascule' }),
    isPublic: async (id) => Boolean((await listPodcastSeasons())?.items.some((season) => season.id === id)),
    hidden: ['Saison masquée', "La saison n'est plus visible sur le site."],
    shown: ['Saison affichée', 'La saison est visible sur le site.'],
    refused: 'Impossible de modifier la visibilité',
    gone: "Impossible de modifier la visibilité. Cette saison n'existe plus.",
  },
]

describe.each(SCREENS)('$path set-visibility', (screen) => {
  const { post } = adminRoute(screen.path, screen.route)
  const set = (id: string, value: string) => post({ intent: 'set-visibility', id, [screen.column]: value })

  it('hides and shows a row in one click with its toasts, and the public page follows', async () => {
    const { id } = await screen.insertShown()

    const hidden = await set(id, 'false')
    expect(hidden.status).toBe(200)
    expect(hidden.body.toast).toEqual({
      type: 'success',
      title: screen.hidden[0],
      description: screen.hidden[1],
    })
    expect(await screen.isPublic(id)).toBe(false)

    const shown = await set(id, 'true')
    expect(shown.status).toBe(200)
    expect(shown.body.toast).toEqual({
      type: 'success',
      title: screen.shown[0],
      description: screen.shown[1],
    })
    expect(await screen.isPublic(id)).toBe(true)
  })

  it('refuses a value that is not a boolean, a malformed id (400) and an unknown id (404), changing nothing', async () => {
    const { id } = await screen.insertShown()

    const refused = await set(id, 'peut-être')
    expect(refused.status).toBe(400)
    expect(refused.body.toast.description).toBe(screen.refused)
    expect((await set('pas-un-id', 'false')).status).toBe(400)
    const gone = await set(UNKNOWN_ID, 'false')
    expect(gone.status).toBe(404)
    expect(gone.body.toast.description).toBe(screen.gone)
    expect(await screen.isPublic(id)).toBe(true)
  })
})
