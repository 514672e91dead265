import { describe, expect, it } from 'vitest'
import { configurePage, insertArticle } from '#tests/support/content-fixtures'
import { expectHtmlToContain, loadPage, renderRoute } from '#tests/support/routes'
import Blog, { loader } from './blog'

async function runLoader(search = '') {
  const { data, status } = await loadPage(loader, `/blog${search}`)
  return { body: data, status }
}

async function seedArticles() {
  await insertArticle({
    titre: 'Ancien',
    type: 'article',
    date_publication: new Date('2025-06-01T10:00:00Z'),
    tags: ['Histoire', 'Encre'],
  })
  await insertArticle({
    titre: 'Récent',
    type: 'tutorial',
    date_publication: new Date('2026-02-01T10:00:00Z'),
  })
  await insertArticle({ titre: 'Milieu', type: 'news', date_publication: new Date('2025-12-01T10:00:00Z') })
  await insertArticle({ titre: 'Brouillon', statut: 'brouillon', type: 'technique' })
  await insertArticle({ titre: 'Archivé', statut: 'archive', type: 'technique' })
  await insertArticle({ titre: 'Masqué', affiche: false, type: 'inspiration' })
}

describe('/blog loader', () => {
  it('lists only published and displayed articles, newest first, with the types present', async () => {
    await seedArticles()

    const { body, status } = await runLoader()

    expect(status).toBe(200)
    expect(body.articles.map((article) => article.titre)).toEqual(['Récent', 'Milieu', 'Ancien'])
    expect(body.types).toEqual(['article', 'tutorial', 'news'])
    expect(body.activeType).toBeNull()
  })

  it('filters by ?type= and keeps every present type for the filter', async () => {
    await seedArticles()

    const { body } = await runLoader('?type=tutorial')

    expect(body.articles.map((article) => article.titre)).toEqual(['Récent'])
    expect(body.types).toEqual(['article', 'tutorial', 'news'])
    expect(body.activeType).toBe('tutorial')
  })

  it('never returns a hidden or draft article, even when filtering by its type', async () => {
    await seedArticles()

    expect((await runLoader('?type=technique')).body.articles).toEqual([])
    expect((await runLoader('?type=inspiration')).body.articles).toEqual([])
  })

  it('answers 400 with the unfiltered list for an unknown type', async () => {
    await seedArticles()

    const { body, status } = await runLoader('?type=%3Cscript%3E')

    expect(status).toBe(400)
    expect(body.isUnknownType).toBe(true)
    expect(body.articles).toHaveLength(3)
    const html = renderRoute(Blog as never, body, '/blog')
    expect(html).toContain('Ce type d&#x27;article n&#x27;existe pas. Tous les articles sont affichés.')
    expect(html).not.toContain('<script>')
  })

  it('uses the "blog" page configuration with the spec defaults', async () => {
    expect((await runLoader()).body.page).toMatchObject({
      titre: 'Actualités',
      imageHeight: '300px',
      imageWidth: '100%',
      image: null,
    })

    await configurePage('blog', {
      titre: 'Carnet',
      image_url: '/uploads/pages/blog.jpg',
      image_height: '260px',
    })

    expect((await runLoader()).body.page).toMatchObject({
      titre: 'Carnet',
      imageHeight: '260px',
      image: { src: '/uploads/pages/blog.jpg' },
    })
  })
})

describe('/blog page', () => {
  it('shows each card with its first tag only, date, title, excerpt, reading time and link', async () => {
    await insertArticle({
      titre: 'Ancien',
      slug: 'ancien',
      extrait: 'Un court extrait',
      contenu: `<p>${'b'.repeat(1001)}</p>`,
      tags: ['Histoire', 'Encre'],
    })
    const { body } = await runLoader()

    const html = renderRoute(Blog as never, body, '/blog')

    expect(html).toContain('Histoire')
    expect(html).not.toContain('>Encre<')
    expectHtmlToContain(html, [
      '15 janvier 2026',
      'Un court extrait',
      '2<!-- --> min de lecture',
      'href="/blog/ancien"',
    ])
  })

  it('shows the filter links with the French type labels and marks the active one', async () => {
    await seedArticles()
    const { body } = await runLoader('?type=news')

    const html = renderRoute(Blog as never, body, '/blog?type=news')

    expect(html).toMatch(/href="\/blog"[^>]*>Tous</)
    expect(html).toMatch(/href="\/blog\?type=tutorial"[^>]*>Tutoriel</)
    expect(html).toMatch(
      /aria-current="page"[^>]*href="\/blog\?type=news"|href="\/blog\?type=news"[^>]*aria-current="page"/,
    )
    expect(html).toContain('>Actualité<')
    expect(html).not.toContain('Inspiration')
  })

  it('shows the French empty state', async () => {
    const html = renderRoute(Blog as never, (await runLoader()).body, '/blog')

    expect(html).toContain('Aucun article n&#x27;est disponible pour le moment.')
  })
})
