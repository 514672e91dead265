import { describe, expect, it } from 'vitest'
import { insertArticle } from '#tests/support/content-fixtures'
import { getPublishedArticle } from './get-published-article.server'
import { incrementArticleViews } from './increment-article-views.server'
import { listAdminArticles } from './list-admin-articles.server'
import { getHomeArticles, listBlogArticles } from './list-published-articles.server'
import { checkScheduledPublications, listScheduledArticles } from './scheduled-publications.server'

const HOUR = 3_600_000

/** A public article of yesterday and one published for tomorrow, tagged for the home page. */
async function seed() {
  const past = await insertArticle({
    titre: 'Déjà paru',
    type: 'article',
    tags: ['A la une'],
    date_publication: new Date(Date.now() - 24 * HOUR),
  })
  const scheduled = await insertArticle({
    titre: 'Pour demain',
    type: 'tutorial',
    tags: ['A la une'],
    date_publication: new Date(Date.now() + 24 * HOUR),
    nombre_vues: 0,
  })
  return { past, scheduled }
}

describe('an article published for a date still to come (issue #11 §3)', () => {
  it('is absent from the blog, its type filter, the home page and its own page, and counts no view', async () => {
    const { scheduled } = await seed()

    const blog = await listBlogArticles()
    expect(blog?.articles.map((article) => article.titre)).toEqual(['Déjà paru'])
    expect(blog?.types).toEqual(['article'])
    expect((await listBlogArticles({ type: 'tutorial' }))?.articles).toEqual([])
    const home = await getHomeArticles()
    expect(home.featured.map((article) => article.titre)).toEqual(['Déjà paru'])
    expect(home.latest.map((article) => article.titre)).toEqual(['Déjà paru'])
    expect(await getPublishedArticle('pour-demain')).toEqual({ status: 'not-found' })
    expect(await incrementArticleViews(scheduled.id)).toBeNull()
  })

  it('is public once its date has come', async () => {
    await insertArticle({
      titre: 'Paru à l’instant',
      slug: 'paru',
      date_publication: new Date(Date.now() - 1000),
    })

    expect((await getPublishedArticle('paru')).status).toBe('found')
  })

  it('is marked scheduled for the back-office and listed for the dashboard, soonest first', async () => {
    await seed()
    await insertArticle({ titre: 'Dans une heure', date_publication: new Date(Date.now() + HOUR) })
    await insertArticle({
      titre: 'Brouillon futur',
      statut: 'brouillon',
      date_publication: new Date(Date.now() + HOUR),
    })

    const { articles: admin } = await listAdminArticles()
    const scheduled = Object.fromEntries(admin.map((article) => [article.titre, article.isScheduled]))
    expect(scheduled).toEqual({
      'Déjà paru': false,
      'Pour demain': true,
      'Dans une heure': true,
      'Brouillon futur': false,
    })
    expect((await listScheduledArticles()).map((article) => article.titre)).toEqual([
      'Dans une heure',
      'Pour demain',
    ])
  })
})

describe('checkScheduledPublications', () => {
  it('counts the articles whose date came since the previous check and gives the next date', async () => {
    const { scheduled } = await seed()
    const first = await checkScheduledPublications(undefined)
    expect(first.appeared).toBe(0)
    expect(first.next?.toISOString()).toBe(scheduled.date_publication?.toISOString())

    await insertArticle({ titre: 'Arrivé', date_publication: new Date(first.checkedAt.getTime() - 1) })
    await insertArticle({ titre: 'Juste arrivé', date_publication: new Date(first.checkedAt.getTime() + 1) })
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await checkScheduledPublications(first.checkedAt)

    expect(second.appeared).toBe(1)
    expect(second.checkedAt.getTime()).toBeGreaterThan(first.checkedAt.getTime())
  })
})
