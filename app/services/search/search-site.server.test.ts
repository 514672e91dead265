import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { insertArticle, insertEvent } from '#tests/support/content-fixtures'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { COUNT_CAP, searchSite } from './search-site.server'

/** The titles found for `text`, best first (page 1 of 12). */
async function titlesFor(text: string): Promise<string[]> {
  const found = await searchSite(text)
  return found?.items.map((hit) => hit.titre) ?? []
}

describe('public search', () => {
  it('ignores accents and case, and finds a work by a word of its description', async () => {
    const artwork = await insertArtwork({
      nom: 'Lumière',
      description: "<p>Un soir d'été au bord de <strong>l'eau</strong></p>",
    })
    await insertArtwork({ nom: 'Hiver', description: '<p>Neige</p>' })

    expect(await titlesFor('ete')).toEqual(['Lumière'])
    expect(await titlesFor('ÉTÉ')).toEqual(['Lumière'])
    expect(await titlesFor('lumiere')).toEqual(['Lumière'])
    const [hit] = (await searchSite('ete'))?.items ?? []
    expect(hit).toEqual({
      kind: 'oeuvre',
      id: artwork.id,
      titre: 'Lumière',
      href: `/portfolio/oeuvre/${artwork.id}`,
      extrait: "Un soir d'été au bord de l'eau",
    })
  })

  it('stems French words: « peintures » finds « peinture », « nocturnes » finds « nocturne »', async () => {
    await insertArticle({ titre: 'La peinture à l’encre', contenu: '<p>Des gestes.</p>' })
    await insertEvent({ titre: 'Peindre la nuit', description: '<p>Atelier nocturne</p>' })

    expect(await titlesFor('peintures')).toEqual(['La peinture à l’encre'])
    expect(await titlesFor('nocturnes')).toEqual(['Peindre la nuit'])
  })

  it('ranks a match in the title above a match in the text, and searches the four kinds', async () => {
    await insertArticle({ titre: 'Carnet de voyage', contenu: '<p>Le papier washi, encore.</p>' })
    await insertArtwork({ nom: 'Washi', description: '<p>Papier japonais</p>' })
    const season = await insertSeason({ nom: 'Saison 1' })
    const episode = await insertEpisode({ titre: 'Parler du washi', saison_id: season.id })
    const event = await insertEvent({
      titre: 'Stage',
      description: '<p>Fabrication du washi</p>',
      date_evenement: '2024-06-01',
    })

    const found = await searchSite('washi')

    expect(found?.info.total).toBe(4)
    const hits = found?.items ?? []
    expect(
      hits
        .slice(0, 2)
        .map((hit) => hit.titre)
        .sort(),
    ).toEqual(['Parler du washi', 'Washi'])
    expect(
      hits
        .slice(2)
        .map((hit) => hit.titre)
        .sort(),
    ).toEqual(['Carnet de voyage', 'Stage'])
    expect(hits.find((hit) => hit.kind === 'episode')?.href).toBe(`/podcasts/episode/${episode.id}`)
    expect(hits.find((hit) => hit.kind === 'evenement')).toMatchObject({
      id: event.id,
      href: '/parcours?annee=2024',
    })
    expect(hits.find((hit) => hit.kind === 'article')?.href).toBe('/blog/carnet-de-voyage')
  })

  it('never finds what is not public: a hidden work, a work of a hidden category, a draft, an archived, hidden or scheduled article, an unpublished episode or one of a hidden season, a hidden event', async () => {
    const hiddenCategory = await insertCategory({ nom: 'Réserve', affichee: false })
    const hiddenSeason = await insertSeason({ nom: 'Coulisses', affichee: false })
    await insertArtwork({ nom: 'Secret masqué', affichee: false })
    await insertArtwork({ nom: 'Secret en réserve', categorie_id: hiddenCategory.id })
    await insertArticle({ titre: 'Secret brouillon', statut: 'brouillon' })
    await insertArticle({ titre: 'Secret archivé', statut: 'archive' })
    await insertArticle({ titre: 'Secret caché', affiche: false })
    await insertArticle({ titre: 'Secret programmé', date_publication: new Date(Date.now() + 86_400_000) })
    await insertEpisode({ titre: 'Secret non publié', publie: false })
    await insertEpisode({ titre: 'Secret de coulisse', saison_id: hiddenSeason.id })
    await insertEvent({ titre: 'Secret effacé', affiche: false })
    await insertArtwork({ nom: 'Secret public' })

    expect(await titlesFor('secret')).toEqual(['Secret public'])
    expect((await searchSite('secret'))?.info.total).toBe(1)
  })

  it('pages the results and answers null past the last page; an empty query or only stop words find nothing', async () => {
    for (let n = 1; n <= 5; n++) await insertArtwork({ nom: `Encre ${n}` })

    const first = await searchSite('encre', 1, 2)
    const last = await searchSite('encre', 3, 2)

    expect(first?.info).toEqual({ page: 1, pageSize: 2, total: 5, pageCount: 3 })
    expect(first?.items.map((hit) => hit.titre)).toEqual(['Encre 1', 'Encre 2'])
    expect(last?.items.map((hit) => hit.titre)).toEqual(['Encre 5'])
    expect(await searchSite('encre', 4, 2)).toBeNull()
    expect(await searchSite('')).toEqual({
      items: [],
      info: { page: 1, pageSize: 12, total: 0, pageCount: 1 },
      more: false,
    })
    expect((await searchSite('le de la'))?.info.total).toBe(0)
    // An unclosed quote reads as a phrase, never as an error.
    expect((await searchSite('"encre 3'))?.items.map((hit) => hit.titre)).toEqual(['Encre 3'])
  })

  it('lists the title matches first, by rank then title, then on the next pages the text matches by title', async () => {
    await insertArtwork({ nom: 'Encre de nuit' })
    await insertArtwork({ nom: 'Encre' })
    await insertArtwork({ nom: 'Aube', description: '<p>Encre et eau</p>' })
    await insertArtwork({ nom: 'Zénith', description: '<p>Une encre</p>' })
    await insertArtwork({ nom: 'Brume', description: '<p>Encres mêlées</p>' })
    await insertArtwork({ nom: 'Sans rapport', description: '<p>Papier</p>' })

    const pages = await Promise.all([1, 2, 3].map((page) => searchSite('encre', page, 2)))

    expect(pages.map((found) => found?.items.map((hit) => hit.titre))).toEqual([
      ['Encre', 'Encre de nuit'],
      ['Aube', 'Brume'],
      ['Zénith'],
    ])
    expect(pages[0]?.info).toEqual({ page: 1, pageSize: 2, total: 5, pageCount: 3 })
    // A word excluded from the text excludes the work, even when its title matches.
    await insertArtwork({ nom: 'Encre bleue', description: '<p>Lavis</p>' })
    await insertArtwork({ nom: 'Encre verte', description: '<p>Sumi</p>' })
    expect(await titlesFor('encre -sumi')).not.toContain('Encre verte')
    expect(await titlesFor('encre -sumi')).toContain('Encre bleue')
  })

  it(`counts up to ${COUNT_CAP} matches: past them it says so, and the pages stop there`, async () => {
    await getDb()
      .insert(oeuvres)
      .values(
        Array.from({ length: COUNT_CAP + 1 }, (_, n) => ({
          nom: `Œuvre ${String(n).padStart(4, '0')}`,
          description: '<p>Encre sur papier</p>',
        })),
      )

    const first = await searchSite('encre', 1, 12)

    expect(first?.more).toBe(true)
    expect(first?.info).toEqual({ page: 1, pageSize: 12, total: COUNT_CAP, pageCount: 84 })
    expect(first?.items.map((hit) => hit.titre).slice(0, 2)).toEqual(['Œuvre 0000', 'Œuvre 0001'])
    expect(await searchSite('encre', 85, 12)).toBeNull()
    expect((await searchSite('encre', 84, 12))?.items.map((hit) => hit.titre)).toEqual([
      'Œuvre 0996',
      'Œuvre 0997',
      'Œuvre 0998',
      'Œuvre 0999',
    ])
  })
})
