import { describe, expect, it } from 'vitest'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { expectHtmlToContain, loadPage, renderRoute } from '#tests/support/routes'
import Podcasts, { loader } from './podcasts'

describe('/podcasts loader', () => {
  it('lists displayed seasons by ordre, with their count of published episodes', async () => {
    const second = await insertSeason({ nom: 'Saison 2', ordre: 2 })
    const first = await insertSeason({ nom: 'Saison 1', ordre: 1 })
    await insertSeason({ nom: 'Saison cachée', ordre: 0, affichee: false })
    await insertEpisode({ titre: 'Un', saison_id: first.id })
    await insertEpisode({ titre: 'Deux', saison_id: first.id })
    await insertEpisode({ titre: 'Brouillon', saison_id: first.id, publie: false })

    const { seasons } = (await loadPage(loader, '/podcasts')).data

    expect(seasons.map((season) => [season.nom, season.episodeCount])).toEqual([
      ['Saison 1', 2],
      ['Saison 2', 0],
    ])
    expect(seasons[1]?.id).toBe(second.id)
  })
})

describe('/podcasts page', () => {
  it('links each season card to its page', async () => {
    const season = await insertSeason({ nom: 'Les gestes', description: '<p>Cinq <em>épisodes</em></p>' })
    await insertEpisode({ titre: 'Un', saison_id: season.id })

    const html = renderRoute(Podcasts as never, (await loadPage(loader, '/podcasts')).data, '/podcasts')

    expectHtmlToContain(html, [
      `href="/podcasts/saison/${season.id}"`,
      'Les gestes',
      'Cinq épisodes',
      '1 épisode',
    ])
  })
})
