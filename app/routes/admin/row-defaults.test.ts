import { describe, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { categories, episodesPodcast, evenements, oeuvres, saisonsPodcast } from '#app/db/schema'
import { adminRoute, expectCreated } from '#tests/support/routes'
import * as artworks from './artworks'
import * as categoryScreen from './categories'
import * as episodes from './episodes-podcast'
import * as events from './evenements'
import * as seasons from './saisons-podcast'

/**
 * The create intent of back-office screens of rows posted with a short form (back-office spec §7
 * defaults, §8 toasts): the fields left empty, absent or not numeric are stored as the spec's
 * defaults, and the screen answers its creation toast.
 */
const SCREENS: {
  path: string
  route: { action: (args: never) => Promise<unknown>; loader: (args: never) => Promise<unknown> }
  rows: () => Promise<object[]>
  toast: [title: string, description: string]
  form: Record<string, string>
  stored: Record<string, unknown>
}[] = [
  {
    path: '/admin/artworks',
    route: artworks,
    rows: () => getDb().select().from(oeuvres),
    toast: ['Succès', 'Œuvre créée avec succès'],
    form: { nom: 'Esquisse', technique: ' ', annee: '', prix: '', ordre: 'x', tags: '' },
    stored: {
      description: null,
      technique: null,
      dimensions: null,
      annee: null,
      prix: null,
      statut: 'disponible',
      categorie_id: null,
      tags: [],
      affichee: true,
      ordre: 0,
      image1_url: null,
    },
  },
  {
    // The switch absent means visible here (back-office spec §4 "Catégorie visible").
    path: '/admin/categories',
    route: categoryScreen,
    rows: () => getDb().select().from(categories),
    toast: ['Catégorie créée', 'La catégorie a été créée avec succès.'],
    form: { nom: 'Sumi', ordre: 'abc', description: '' },
    stored: { nom: 'Sumi', ordre: 0, affichee: true, image_url: null, description: null },
  },
  {
    path: '/admin/episodes-podcast',
    route: episodes,
    rows: () => getDb().select().from(episodesPodcast),
    toast: ['Épisode créé', "L'épisode a été créé avec succès."],
    form: { titre: 'Hors saison', saison_id: 'none', date_publication: '' },
    stored: { saison_id: null, date_publication: null, publie: false, ordre: 0 },
  },
  {
    path: '/admin/evenements',
    route: events,
    rows: () => getDb().select().from(evenements),
    toast: ['Succès', 'Événement créé'],
    form: { titre: 'Projet', date_evenement: '2023-01-02', ordre: 'abc' },
    stored: { type: 'projet', ordre: 0, affiche: false, annee: 2023, description: null },
  },
  {
    path: '/admin/saisons-podcast',
    route: seasons,
    rows: () => getDb().select().from(saisonsPodcast),
    toast: ['Saison créée', 'La saison a été créée avec succès.'],
    form: {
      nom: '  Saison des encres  ',
      description: '<p onclick="x()">Les <strong>encres</strong></p><script>alert(1)</script>',
      image_url: '',
      ordre: 'abc',
      affichee: 'on',
    },
    stored: {
      nom: 'Saison des encres',
      description: '<p>Les <strong>encres</strong></p>',
      image_url: null,
      ordre: 0,
      affichee: true,
    },
  },
]

describe.each(SCREENS)('$path create', (screen) => {
  const { post } = adminRoute(screen.path, screen.route)

  it('stores the short form cleaned, with the defaults for what it leaves out, and answers its toast', async () => {
    const answer = await post({ intent: 'create', ...screen.form })
    await expectCreated(answer, screen.toast, screen.rows, screen.stored)
  })
})
