import { decodeHTML } from 'entities'
import { describe, expect, it } from 'vitest'
import { insertArtwork, insertCategory } from '#tests/support/catalogue-fixtures'
import { insertArticle, insertEvent } from '#tests/support/content-fixtures'
import { ingestTestImage } from '#tests/support/images'
import { insertEpisode, insertSeason } from '#tests/support/podcast-fixtures'
import { loadPage, renderHead, renderRoute } from '#tests/support/routes'
import * as article from './blog-article'
import * as home from './home'
import * as parcours from './parcours'
import * as episode from './podcast-episode'
import * as season from './podcast-season'
import * as artwork from './portfolio-artwork'

const SITE = 'https://encre.example'
const ROOT = {
  siteTitle: 'Encre',
  siteUrl: SITE,
  appearance: { social: [{ label: 'Instagram', url: 'https://www.instagram.com/encre' }] },
}

type Node = Record<string, unknown> & { '@type': string }

/** The head as a crawler reads it: canonical link, meta tags by name or property, the JSON-LD graph. */
function readHead(html: string) {
  const attribute = (tag: string, name: string) =>
    decodeHTML(new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '') || undefined
  const tags = new Map<string, string>()
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    const key = attribute(tag, 'property') ?? attribute(tag, 'name')
    if (key) tags.set(key, attribute(tag, 'content') ?? '')
  }
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
  expect(scripts.length).toBeLessThanOrEqual(1)
  const graph = scripts[0]
    ? (JSON.parse(scripts[0][1] ?? '') as { '@context': string; '@graph': Node[] })
    : null
  if (graph) expect(graph['@context']).toBe('https://schema.org')
  return {
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    tags,
    nodes: graph?.['@graph'] ?? [],
    node: (type: string) => graph?.['@graph'].find((node) => node['@type'] === type),
  }
}

describe('structured data and previews of the public pages', () => {
  it('home: the artist as a Person with the social profiles, canonical without tracking parameters', async () => {
    const { data } = await loadPage(home.loader, '/?utm_source=lettre&fbclid=x')
    const head = readHead(renderHead(home.meta, data, '/?utm_source=lettre&fbclid=x', ROOT))

    expect(head.canonical).toBe(`${SITE}/`)
    expect(head.node('Person')).toMatchObject({
      name: 'Encre',
      url: `${SITE}/`,
      sameAs: ['https://www.instagram.com/encre'],
    })
    expect(head.tags.get('twitter:card')).toBe('summary_large_image')
    expect(head.tags.get('og:image')).toMatch(new RegExp(`^${SITE}/uploads/partage/[0-9a-f]{24}\\.jpg$`))
    expect([head.tags.get('og:image:width'), head.tags.get('og:image:height')]).toEqual(['1200', '630'])
  })

  it('artwork: VisualArtwork with an Offer only when disponible, breadcrumb, preview of its first image', async () => {
    const category = await insertCategory({ nom: 'Encres' })
    const image = await ingestTestImage('artworks')
    const forSale = await insertArtwork({
      nom: 'Ensō',
      categorie_id: category.id,
      statut: 'disponible',
      prix: '1250.00',
      technique: 'Encre de Chine',
      annee: 2024,
      image1_url: image,
    })
    const sold = await insertArtwork({
      nom: 'Vendue',
      categorie_id: category.id,
      statut: 'vendu',
      prix: '900.00',
    })

    const { data } = await loadPage(artwork.loader, `/portfolio/oeuvre/${forSale.id}`, {
      artworkId: forSale.id,
    })
    const head = readHead(renderHead(artwork.meta, data, `/portfolio/oeuvre/${forSale.id}`, ROOT))

    expect(head.canonical).toBe(`${SITE}/portfolio/oeuvre/${forSale.id}`)
    expect(head.node('VisualArtwork')).toMatchObject({
      name: 'Ensō',
      artMedium: 'Encre de Chine',
      dateCreated: '2024',
      image: [`${SITE}${image}`],
      creator: { '@type': 'Person', name: 'Encre' },
      offers: {
        '@type': 'Offer',
        price: '1250.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      },
    })
    expect(head.node('BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Portfolio', item: `${SITE}/portfolio` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Encres',
        item: `${SITE}/portfolio/categorie/${category.id}`,
      },
      { '@type': 'ListItem', position: 4, name: 'Ensō', item: `${SITE}/portfolio/oeuvre/${forSale.id}` },
    ])
    expect(head.tags.get('og:image')).toBe(`${SITE}${image.replace(/-\d+\.webp$/, '-1200x630.jpg')}`)
    expect(head.tags.get('og:image:alt')).toBe('Ensō')

    const soldPage = await loadPage(artwork.loader, `/portfolio/oeuvre/${sold.id}`, { artworkId: sold.id })
    const soldHead = readHead(renderHead(artwork.meta, soldPage.data, `/portfolio/oeuvre/${sold.id}`, ROOT))
    expect(soldHead.node('VisualArtwork')?.offers).toBeUndefined()
    // No price anywhere in the sold work's structured data (its ids are UUIDs: look for the key and the amount).
    expect(JSON.stringify(soldHead.nodes)).not.toMatch(/"price"|900\.00/)
  })

  it('article: BlogPosting, escaped so that a title cannot close the script', async () => {
    const malicious = 'Titre </script><script>alert(1)</script> & <!-- \u2028'
    const row = await insertArticle({ titre: malicious, slug: 'piege', tags: ['Atelier'] })

    const { data } = await loadPage(article.loader, '/blog/piege', { slug: 'piege' })
    const html = renderHead(article.meta, data, '/blog/piege?ref=newsletter', ROOT)
    const head = readHead(html)

    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? ''
    expect(html).not.toContain('</script><script>')
    expect(script).toContain('"headline":"Titre \\u003c/script\\u003e\\u003cscript\\u003ealert(1)')
    expect(script).not.toMatch(/[<>\u2028]/)
    expect(head.node('BlogPosting')).toMatchObject({
      headline: malicious,
      datePublished: row.date_publication?.toISOString(),
      url: `${SITE}/blog/piege`,
      author: { '@type': 'Person', name: 'Encre' },
      keywords: 'Atelier',
    })
    expect(head.canonical).toBe(`${SITE}/blog/piege`)
    expect(head.tags.get('og:title')).toBe(malicious)
  })

  it('article not public (draft, hidden, scheduled): no BlogPosting, canonical link nor preview', async () => {
    const rows = [
      await insertArticle({ titre: 'Brouillon', statut: 'brouillon' }),
      await insertArticle({ titre: 'Masqué', affiche: false }),
      await insertArticle({ titre: 'Pour demain', date_publication: new Date(Date.now() + 86_400_000) }),
    ]

    for (const { slug } of rows) {
      const { data, status } = await loadPage(article.loader, `/blog/${slug}`, { slug })
      const head = readHead(renderHead(article.meta, data, `/blog/${slug}`, ROOT))

      expect(status).toBe(404)
      expect(head.nodes).toEqual([])
      expect(head.canonical).toBeUndefined()
      expect(head.tags.get('og:title')).toBeUndefined()
    }
  })

  it('parcours: an Event per visible event; the canonical drops the filters', async () => {
    await insertEvent({ titre: 'Exposition à Lyon', date_evenement: '2024-05-02', type: 'exposition' })
    await insertEvent({ titre: 'Caché', affiche: false })

    const { data } = await loadPage(parcours.loader, '/parcours?annee=2024&type=exposition')
    const head = readHead(renderHead(parcours.meta, data, '/parcours?annee=2024&type=exposition', ROOT))

    expect(head.canonical).toBe(`${SITE}/parcours`)
    expect(head.tags.get('og:url')).toBe(`${SITE}/parcours`)
    expect(head.nodes.filter((node) => node['@type'] === 'Event')).toEqual([
      expect.objectContaining({ name: 'Exposition à Lyon', startDate: '2024-05-02' }),
    ])
  })

  it('parcours: an event with a place has its location, one without has none (issue #36 §6)', async () => {
    await insertEvent({
      titre: 'Exposition à la Mézanine',
      date_evenement: '2024-05-02',
      lieu: 'Galerie Mézanine',
      lieu_adresse: '12 rue de la Charité, 69002 Lyon',
    })
    await insertEvent({ titre: 'Résidence', date_evenement: '2023-01-10' })

    const { data } = await loadPage(parcours.loader, '/parcours')
    const events = readHead(renderHead(parcours.meta, data, '/parcours', ROOT)).nodes.filter(
      (node) => node['@type'] === 'Event',
    )

    expect(events.find((node) => node.name === 'Exposition à la Mézanine')?.location).toEqual({
      '@type': 'Place',
      name: 'Galerie Mézanine',
      address: '12 rue de la Charité, 69002 Lyon',
    })
    expect(events.find((node) => node.name === 'Résidence')).not.toHaveProperty('location')
    const page = renderRoute(parcours.default as never, data, '/parcours')
    expect(page).toContain('Galerie Mézanine, 12 rue de la Charité, 69002 Lyon')
  })

  it('podcasts: PodcastSeason with its published episodes, PodcastEpisode in its season', async () => {
    const saison = await insertSeason({ nom: 'Saison 1' })
    const published = await insertEpisode({ titre: 'Le pinceau', saison_id: saison.id })
    await insertEpisode({ titre: 'Brouillon', saison_id: saison.id, publie: false })

    const seasonPage = await loadPage(season.loader, `/podcasts/saison/${saison.id}`, { saisonId: saison.id })
    const seasonHead = readHead(
      renderHead(season.meta, seasonPage.data, `/podcasts/saison/${saison.id}`, ROOT),
    )
    expect(seasonHead.node('PodcastSeason')).toMatchObject({
      name: 'Saison 1',
      numberOfEpisodes: 1,
      partOfSeries: { '@type': 'PodcastSeries', url: `${SITE}/podcasts` },
      episode: [
        { '@type': 'PodcastEpisode', name: 'Le pinceau', url: `${SITE}/podcasts/episode/${published.id}` },
      ],
    })

    const episodePage = await loadPage(episode.loader, `/podcasts/episode/${published.id}`, {
      episodeId: published.id,
    })
    const episodeHead = readHead(
      renderHead(episode.meta, episodePage.data, `/podcasts/episode/${published.id}`, ROOT),
    )
    expect(episodeHead.node('PodcastEpisode')).toMatchObject({
      name: 'Le pinceau',
      partOfSeason: {
        '@type': 'PodcastSeason',
        name: 'Saison 1',
        url: `${SITE}/podcasts/saison/${saison.id}`,
      },
    })
    expect(episodeHead.node('BreadcrumbList')?.itemListElement).toHaveLength(4)
  })
})
