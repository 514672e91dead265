import { describe, expect, it } from 'vitest'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { expectHtmlToContain, loadPage, renderRoute } from '#tests/support/routes'
import PodcastSeason, { loader } from './podcast-season'

const runLoader = (saisonId: string) => loadPage(loader, '/podcasts/saison/x', { saisonId })

const render = (data: unknown) => renderRoute(PodcastSeason as never, data, '/podcasts/saison/x')

describe('/podcasts/saison/:saisonId loader', () => {
  it('lists the published episodes of the season by ordre, then date', async () => {
    const season = await insertSeason({ nom: 'Saison 1' })
    const other = await insertSeason({ nom: 'Saison 2' })
    await insertEpisode({ titre: 'Trois', saison_id: season.id, ordre: 3 })
    await insertEpisode({
      titre: 'Un (plus tard)',
      saison_id: season.id,
      ordre: 1,
      date_publication: new Date('2025-03-01T07:00:00Z'),
    })
    await insertEpisode({
      titre: 'Un (plus tôt)',
      saison_id: season.id,
      ordre: 1,
      date_publication: new Date('2025-01-01T07:00:00Z'),
    })
    await insertEpisode({ titre: 'Brouillon', saison_id: season.id, ordre: 0, publie: false })
    await insertEpisode({ titre: 'Ailleurs', saison_id: other.id })
    await insertEpisode({ titre: 'Sans saison' })

    const { data, status } = await runLoader(season.id)

    expect(status).toBe(200)
    expect(data.season?.season.nom).toBe('Saison 1')
    expect(data.season?.episodes.map((episode) => episode.titre)).toEqual([
      'Un (plus tôt)',
      'Un (plus tard)',
      'Trois',
    ])
    expect(data.season?.episodes[0]?.date_publication).toBe('2025-01-01T07:00:00.000Z')
  })
})

describe('/podcasts/saison/:saisonId page', () => {
  it('shows the season and, per episode, title, date, duration and summary with a link', async () => {
    const season = await insertSeason({ nom: 'Les gestes', description: '<p>Cinq <em>gestes</em></p>' })
    const episode = await insertEpisode({
      titre: 'Apprendre à attendre',
      resume: 'Pourquoi attendre.',
      duree: '18 min',
      date_publication: new Date('2025-01-20T07:00:00Z'),
      saison_id: season.id,
    })

    const html = render((await runLoader(season.id)).data)

    expectHtmlToContain(html, [
      'Les gestes</h1>',
      'Cinq <em>gestes</em>',
      `href="/podcasts/episode/${episode.id}"`,
      'Apprendre à attendre',
      '20 janvier 2025',
      '18 min',
      'Pourquoi attendre.',
      'href="/podcasts"',
    ])
  })

  it('says when the season has no published episode', async () => {
    const season = await insertSeason({ nom: 'Vide' })
    await insertEpisode({ titre: 'Brouillon', saison_id: season.id, publie: false })
    const html = render((await runLoader(season.id)).data)
    expect(html).toContain('Aucun épisode n&#x27;est disponible dans cette saison pour le moment.')
    expect(html).not.toContain('Brouillon')
  })
})
