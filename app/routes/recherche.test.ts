import { describe, expect, it } from 'vitest'
import { insertArtwork } from '#tests/support/catalogue-fixtures'
import { loadPage, renderHead, renderRoute } from '#tests/support/routes'
import Recherche, { loader, meta } from './recherche'

const ROOT = { siteTitle: 'Encre', siteUrl: 'https://encre.example', appearance: { social: [] } }

async function thrownStatus(load: Promise<unknown>): Promise<number> {
  const thrown = await load.then(
    () => null,
    (error: unknown) => error,
  )
  return thrown instanceof Response ? thrown.status : 0
}

describe('/recherche', () => {
  it('says « Plus de 1 000 résultats » when more matched than are counted', () => {
    const results = { items: [], info: { page: 1, pageSize: 12, total: 1000, pageCount: 84 }, more: true }
    const html = renderRoute(
      Recherche as never,
      { query: 'encre', results, search: 'q=encre' },
      '/recherche?q=encre',
    )
    expect(html.replaceAll(/\s/g, ' ')).toContain('Plus de 1 000 résultats pour « encre »')
  })

  it('without a query shows the form and says what to type', async () => {
    const { data, status } = await loadPage(loader, '/recherche')

    expect(status).toBe(200)
    const html = renderRoute(Recherche as never, data, '/recherche')
    expect(html).toContain('action="/recherche" method="get"')
    expect(html).toContain('name="q"')
    expect(html).toContain('Saisissez un ou plusieurs mots pour chercher parmi les œuvres')
  })

  it('lists the results with their kind and link, the count, and keeps the query in the field', async () => {
    const artwork = await insertArtwork({ nom: 'Été indien', description: '<p>Feuilles rousses</p>' })

    const { data } = await loadPage(loader, '/recherche?q=%20ete%20')

    const html = renderRoute(Recherche as never, data, '/recherche?q=ete')
    expect(html).toContain('1 résultat pour « ete »')
    expect(html).toContain('Œuvre')
    expect(html).toContain(`href="/portfolio/oeuvre/${artwork.id}"`)
    expect(html).toContain('Feuilles rousses')
    expect(html).toContain('value="ete"')
    const head = renderHead(meta, data, '/recherche?q=ete', ROOT)
    expect(head).toContain('<title>Recherche : « ete » — Encre</title>')
    expect(head).toContain('content="noindex, nofollow"')
    expect(head).not.toContain('rel="canonical"')
  })

  it('says so when nothing matches', async () => {
    const { data } = await loadPage(loader, '/recherche?q=introuvable')

    expect(renderRoute(Recherche as never, data, '/recherche?q=introuvable')).toContain(
      'Aucun résultat pour « introuvable ». Vérifiez l’orthographe ou essayez d’autres mots.',
    )
  })

  it('answers 404 past the last page and for a malformed page', async () => {
    await insertArtwork({ nom: 'Encre' })

    for (const query of ['?q=encre&page=2', '?q=encre&page=x', '?page=2', '?q=&page=0']) {
      expect(await thrownStatus(loadPage(loader, `/recherche${query}`)), query).toBe(404)
    }
  })
})
