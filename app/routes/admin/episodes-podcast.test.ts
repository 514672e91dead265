import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { episodesPodcast, medias } from '#app/db/schema'
import { getPodcastEpisode } from '#app/services/podcasts/get-podcast-episode.server'
import { ingestTestImage } from '#tests/support/images'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { adminRoute, expectCreated, expectRefused, UNKNOWN_ID } from '#tests/support/routes'
import { action, loader } from './episodes-podcast'

const PATH = '/admin/episodes-podcast'
const SPOTIFY = '<iframe src="https://open.spotify.com/embed/episode/abc" width="100%" height="152"></iframe>'

const { post, load } = adminRoute(PATH, { action, loader })
const episodes = () => getDb().select().from(episodesPodcast).orderBy(episodesPodcast.titre)

describe('/admin/episodes-podcast', () => {
  it('lists every episode by ordre with its season, and the seasons for the select', async () => {
    const season = await insertSeason({ nom: 'Saison 1' })
    const second = await insertEpisode({ titre: 'Deux', ordre: 2, saison_id: season.id, publie: false })
    const first = await insertEpisode({
      titre: 'Un',
      ordre: 1,
      date_publication: new Date('2026-03-02T23:30:00Z'),
    })
    const data = await load()
    expect(data.episodes.map((episode) => [episode.id, episode.season?.nom ?? null, episode.publie])).toEqual(
      [
        [first.id, null, true],
        [second.id, 'Saison 1', false],
      ],
    )
    // 23:30 UTC on 2 March is 3 March in Paris (SITE_TIMEZONE).
    expect(data.episodes[0]?.date_publication).toBe('2026-03-03')
    expect(data.seasons).toEqual([{ id: season.id, nom: 'Saison 1' }])
  })

  it('creates a published episode that the public episode page shows', async () => {
    const season = await insertSeason({ nom: 'Saison publique' })
    const answer = await post({
      intent: 'create',
      titre: 'Le trait',
      saison_id: season.id,
      resume: 'Un résumé\nsur deux lignes',
      description: '<p>Description <em>riche</em></p><img src=x onerror=alert(1)>',
      transcription: 'Bonjour <script>alert(1)</script><b>à tous</b>',
      code_player_html: SPOTIFY,
      duree: '32 min',
      date_publication: '2026-07-14',
      publie: 'on',
      ordre: '5',
    })
    const row = await expectCreated(answer, ['Épisode créé', "L'épisode a été créé avec succès."], episodes, {
      titre: 'Le trait',
      saison_id: season.id,
      resume: 'Un résumé\nsur deux lignes',
      description: '<p>Description <em>riche</em></p>',
      transcription: 'Bonjour <b>à tous</b>',
      code_player_html: SPOTIFY,
      duree: '32 min',
      publie: true,
      ordre: 5,
    })
    // Midnight in Paris (UTC+2 in July).
    expect(row.date_publication?.toISOString()).toBe('2026-07-13T22:00:00.000Z')
    const page = await getPodcastEpisode(answer.body.id ?? '')
    expect(page?.player).toEqual({
      kind: 'frame',
      src: 'https://open.spotify.com/embed/episode/abc',
      height: 152,
    })
  })

  it('refuses a missing title, an unknown season or a bad date, storing nothing', async () => {
    const noTitle = await post({ intent: 'create', titre: ' ', saison_id: 'none' })
    expectRefused(noTitle, "Impossible de sauvegarder l'épisode", { titre: ['Le titre est obligatoire'] })
    const unknownSeason = await post({ intent: 'create', titre: 'X', saison_id: UNKNOWN_ID })
    expect(unknownSeason.status).toBe(400)
    expect(unknownSeason.body.fieldErrors?.saison_id).toEqual(['Cette saison est introuvable'])
    const badDate = await post({ intent: 'create', titre: 'X', date_publication: '2026-02-30' })
    expect(badDate.body.fieldErrors?.date_publication).toEqual(['La date de publication est invalide'])
    expect(await episodes()).toHaveLength(0)
  })

  it('updates an episode, releasing the image it replaced; unknown ids change nothing', async () => {
    const oldImage = await ingestTestImage('episodes-podcast', '#101010')
    const episode = await insertEpisode({ titre: 'Avant', image_url: oldImage })
    const unknown = await post({ intent: 'update', id: UNKNOWN_ID, titre: 'Ailleurs' })
    expect(unknown.status).toBe(404)
    const answer = await post({ intent: 'update', id: episode.id, titre: 'Après', image_url: '' })
    expect(answer.body.toast.title).toBe('Épisode modifié')
    const [row] = await episodes()
    expect(row).toMatchObject({ titre: 'Après', image_url: null, publie: false })
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })

  it('deletes an episode and releases its image; an unknown one is refused', async () => {
    const image = await ingestTestImage('episodes-podcast')
    const episode = await insertEpisode({ titre: 'Fin', image_url: image })
    const unknown = await post({ intent: 'delete', id: UNKNOWN_ID })
    expect(unknown.status).toBe(404)
    expect(await episodes()).toHaveLength(1)
    const answer = await post({ intent: 'delete', id: episode.id })
    expect(answer.body.toast.title).toBe('Épisode supprimé')
    expect(await episodes()).toHaveLength(0)
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })
})
