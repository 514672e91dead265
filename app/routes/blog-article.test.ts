import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { insertArticle } from '#tests/support/content-fixtures'
import { expectHtmlToContain, loadPage, renderRoute } from '#tests/support/routes'
import BlogArticle, { loader } from './blog-article'

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

async function runLoader(slug: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (!headers.has('user-agent')) headers.set('user-agent', BROWSER_UA)
  const { data, status } = await loadPage(loader, `/blog/${slug}`, { slug }, { ...init, headers })
  return { body: data, status }
}

async function storedViews(slug: string) {
  const [row] = await getDb()
    .select({ nombre_vues: articles.nombre_vues, modifie_le: articles.modifie_le })
    .from(articles)
    .where(eq(articles.slug, slug))
  return row
}

/** The article both the loader and the page tests publish. */
const LE_GESTE = { titre: 'Le geste', slug: 'le-geste', sous_titre: 'Souffle et encre' }

describe('/blog/:slug loader', () => {
  it('returns the public article with its reading time and counts the view once per load', async () => {
    await insertArticle({
      ...LE_GESTE,
      extrait: 'Un extrait',
      contenu: `<p>${'a'.repeat(2500)}</p>`,
      tags: ['A la une', 'Encre'],
      nombre_vues: 41,
    })

    const first = await runLoader('le-geste')
    const second = await runLoader('le-geste')

    expect(first.status).toBe(200)
    expect(first.body.article).toMatchObject({
      titre: 'Le geste',
      sous_titre: 'Souffle et encre',
      tags: ['A la une', 'Encre'],
      nombre_vues: 42,
      readingMinutes: 3,
      date_publication: '2026-01-15T10:00:00.000Z',
    })
    expect(second.body.article?.nombre_vues).toBe(43)
    expect((await storedViews('le-geste'))?.nombre_vues).toBe(43)
  })

  it('does not count HEAD requests, crawlers or prefetches, and keeps modifie_le', async () => {
    const inserted = await insertArticle({ titre: 'Vues', slug: 'vues' })

    await runLoader('vues', { method: 'HEAD' })
    await runLoader('vues', { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
    await runLoader('vues', { headers: { 'sec-purpose': 'prefetch' } })

    const row = await storedViews('vues')
    expect(row?.nombre_vues).toBe(0)
    expect(row?.modifie_le.getTime()).toBe(inserted.modifie_le.getTime())
    await runLoader('vues')
    expect((await storedViews('vues'))?.modifie_le.getTime()).toBe(inserted.modifie_le.getTime())
  })

  it('answers 404 for a draft, an archived, a hidden, a missing or a malformed slug, without counting', async () => {
    await insertArticle({ titre: 'Brouillon', slug: 'brouillon', statut: 'brouillon' })
    await insertArticle({ titre: 'Archive', slug: 'archive', statut: 'archive' })
    await insertArticle({ titre: 'Masqué', slug: 'masque', affiche: false })

    for (const slug of [
      'brouillon',
      'archive',
      'masque',
      'inconnu',
      'Pas%20un%20slug',
      "x'; drop table articles",
    ]) {
      const { body, status } = await runLoader(slug)
      expect(status, slug).toBe(404)
      expect(body.article, slug).toBeNull()
    }
    expect((await storedViews('brouillon'))?.nombre_vues).toBe(0)
    expect((await storedViews('masque'))?.nombre_vues).toBe(0)
  })
})

describe('/blog/:slug page', () => {
  it('shows tags, title, subtitle, French long date, views, reading time, share and content', async () => {
    await insertArticle({
      ...LE_GESTE,
      contenu: '<p>Premier paragraphe.</p>',
      tags: ['Encre'],
      date_publication: new Date('2026-03-03T23:30:00Z'),
    })
    const { body } = await runLoader('le-geste')

    const html = renderRoute(BlogArticle as never, body, '/blog/le-geste')

    expectHtmlToContain(html, [
      'Encre',
      '<h1',
      'Le geste',
      'Souffle et encre',
      '4 mars 2026',
      '1<!-- --> vues',
      '1<!-- --> min de lecture',
      'Partager',
      '<p>Premier paragraphe.</p>',
      'Voir tous les articles',
    ])
  })

  it('shows the not-found fallback with a link back to the blog', async () => {
    const { body } = await runLoader('inconnu')

    const html = renderRoute(BlogArticle as never, body, '/blog/inconnu')

    expect(html).toContain('Article non trouvé')
    expect(html).toContain(
      'L&#x27;article que vous recherchez n&#x27;existe pas ou n&#x27;est plus disponible.',
    )
    expect(html).toContain('href="/blog"')
  })
})
