import { describe, expect, it } from 'vitest'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { expectHtmlToContain, loadPage, renderRoute } from '#tests/support/routes'
import PodcastEpisode, { loader } from './podcast-episode'

const AUSHA_SRC = 'https://player.ausha.co/index.html?showId=demo&podcastId=s1e1&v=3&playerId=ausha-s1e1'
const AUSHA_CODE = `<iframe name="Ausha Podcast Player" frameborder="0" height="220" src="${AUSHA_SRC.replaceAll('&', '&amp;')}"></iframe><script src="https://player.ausha.co/ausha-player.js"></script>`
const FOREIGN_CODE =
  '<div class="podcast-widget"></div><script src="https://widgets.exemple-podcast.fr/embed.js" async></script>'

const runLoader = (episodeId: string) => loadPage(loader, '/podcasts/episode/x', { episodeId })

const render = (data: unknown) => renderRoute(PodcastEpisode as never, data, '/podcasts/episode/x')

describe('/podcasts/episode/:episodeId loader', () => {
  it('returns a published episode of a displayed season with an allowlisted player', async () => {
    const season = await insertSeason({ nom: 'Saison 1' })
    const episode = await insertEpisode({
      titre: 'Apprendre à attendre',
      saison_id: season.id,
      code_player_html: AUSHA_CODE,
      date_publication: new Date('2025-01-20T07:00:00Z'),
    })

    const { data, status } = await runLoader(episode.id)

    expect(status).toBe(200)
    expect(data.episode).toMatchObject({
      titre: 'Apprendre à attendre',
      season: { id: season.id, nom: 'Saison 1' },
      player: { kind: 'frame', src: AUSHA_SRC, height: 220 },
      date_publication: '2025-01-20T07:00:00.000Z',
    })
    expect(JSON.stringify(data)).not.toContain('ausha-player.js')
  })

  it('sandboxes player code that is not from an allowlisted host', async () => {
    const episode = await insertEpisode({ titre: 'Questions', code_player_html: FOREIGN_CODE })
    const { data } = await runLoader(episode.id)
    expect(data.episode?.player).toEqual({ kind: 'sandboxed', code: FOREIGN_CODE, height: 200 })
  })

  it('shows a published episode without a season, with no player when it has no code', async () => {
    const episode = await insertEpisode({ titre: 'Hors-série' })
    const { data, status } = await runLoader(episode.id)
    expect(status).toBe(200)
    expect(data.episode).toMatchObject({ season: null, player: null })
  })
})

describe('/podcasts/episode/:episodeId page', () => {
  it('shows badges, title, our own player iframe, summary, tabs and the way back to the season', async () => {
    const season = await insertSeason({ nom: 'Les gestes' })
    const episode = await insertEpisode({
      titre: 'Apprendre à attendre',
      resume: 'Pourquoi attendre.',
      description: '<p>Une <strong>description</strong></p>',
      transcription: 'Bonjour.\n\nAu revoir.',
      duree: '18 min',
      date_publication: new Date('2025-01-20T07:00:00Z'),
      code_player_html: AUSHA_CODE,
      saison_id: season.id,
    })

    const html = render((await runLoader(episode.id)).data)

    expectHtmlToContain(html, [
      'Apprendre à attendre</h1>',
      '20 janvier 2025',
      '18 min',
      'Les gestes',
      'Pourquoi attendre.',
      '>Description</button>',
      '>Transcription</button>',
      'Une <strong>description</strong>',
      `href="/podcasts/saison/${season.id}"`,
      'Retour à la saison « Les gestes »',
    ])
    const iframe = html.match(/<iframe[^>]*>/)?.[0] ?? ''
    expect(iframe).toContain(`src="${AUSHA_SRC.replaceAll('&', '&amp;')}"`)
    expect(iframe).toContain('title="Lecteur du podcast"')
    expect(iframe).toContain('referrerPolicy="strict-origin-when-cross-origin"')
    expect(iframe).toContain('height:220px')
    expect(iframe).not.toContain('sandbox')
    expect(html).not.toContain('ausha-player.js')
    expect(html).not.toContain('<script')
  })

  it('renders foreign player code only inside a sandboxed srcdoc frame', async () => {
    const episode = await insertEpisode({ titre: 'Questions', code_player_html: FOREIGN_CODE })

    const html = render((await runLoader(episode.id)).data)

    const iframe = html.match(/<iframe[^>]*>/)?.[0] ?? ''
    expect(iframe).toContain('sandbox="allow-scripts allow-popups"')
    expect(iframe).toContain('srcDoc="&lt;div class=&quot;podcast-widget&quot;&gt;')
    expect(iframe).not.toContain('allow-same-origin')
    expect(html).not.toContain('<script src="https://widgets.exemple-podcast.fr')
    expect(html).not.toContain('<div class="podcast-widget">')
  })

  it('links back to /podcasts for an episode without a season, with no tabs when there is nothing', async () => {
    const episode = await insertEpisode({ titre: 'Hors-série' })

    const html = render((await runLoader(episode.id)).data)

    expect(html).toContain('Retour aux podcasts')
    expect(html).toContain('href="/podcasts"')
    expect(html).not.toContain('>Description</button>')
    expect(html).not.toContain('<iframe')
  })

  it('opens on the transcription when there is no description', async () => {
    const episode = await insertEpisode({ titre: 'Transcrit', transcription: 'Ligne un.\nLigne deux.' })
    const html = render((await runLoader(episode.id)).data)
    expect(html).toContain('>Description</button>')
    expect(html).toContain('Ligne un.\nLigne deux.')
  })
})
