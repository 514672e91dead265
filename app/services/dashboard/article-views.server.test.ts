import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles, vuesArticles, vuesArticlesPeriode, vuesJours } from '#app/db/schema'
import { incrementArticleViews } from '#app/services/articles/increment-article-views.server'
import { insertArticle, parisDate } from '#tests/support/content-fixtures'
import { readArticleViews } from './article-views.server'

describe('readArticleViews (issue #11 §5, issue #35 §2)', () => {
  it('keeps the finished days in its caches, reads today live, and answers the same from them', async () => {
    const geste = await insertArticle({ titre: 'Le geste', slug: 'le-geste' })
    const papier = await insertArticle({ titre: 'Le papier', slug: 'le-papier' })
    await getDb()
      .insert(vuesArticles)
      .values([
        { article_id: geste.id, jour: parisDate(3), vues: 7 },
        { article_id: papier.id, jour: parisDate(3), vues: 2 },
        { article_id: papier.id, jour: parisDate(29), vues: 4 },
        { article_id: papier.id, jour: parisDate(30), vues: 50 },
      ])

    const first = await readArticleViews(getDb())

    expect(first.days).toHaveLength(30)
    expect(first.days.find((day) => day.jour === parisDate(3))?.vues).toBe(9)
    expect(first.days[0]).toEqual({ jour: parisDate(29), vues: 4 })
    expect(first.articles.map((row) => [row.titre, row.vues])).toEqual([
      ['Le geste', 7],
      ['Le papier', 6],
    ])
    // The 29 finished days are cached (zero included), today is not; each article's finished days too.
    const cachedDays = await getDb().select().from(vuesJours).orderBy(vuesJours.jour)
    expect(cachedDays.map((day) => day.jour)).toEqual(Array.from({ length: 29 }, (_, n) => parisDate(29 - n)))
    expect(cachedDays.find((day) => day.jour === parisDate(3))?.vues).toBe(9)
    const period = await getDb().select().from(vuesArticlesPeriode).orderBy(vuesArticlesPeriode.vues)
    expect(period.map((row) => [row.calcule_pour, row.article_id, row.vues])).toEqual([
      [parisDate(0), papier.id, 6],
      [parisDate(0), geste.id, 7],
    ])

    // Today's views count at once, on top of the cached days.
    await incrementArticleViews(papier.id, 3)
    const second = await readArticleViews(getDb())

    expect(second.days.at(-1)).toEqual({ jour: parisDate(0), vues: 3 })
    expect(second.days.slice(0, -1)).toEqual(first.days.slice(0, -1))
    expect(second.articles.map((row) => [row.titre, row.vues])).toEqual([
      ['Le papier', 9],
      ['Le geste', 7],
    ])
  })

  it("replaces an earlier day's sums per article, and drops a deleted article's", async () => {
    const geste = await insertArticle({ titre: 'Le geste', slug: 'le-geste' })
    const ancien = await insertArticle({ titre: 'Ancien', slug: 'ancien' })
    await getDb()
      .insert(vuesArticles)
      .values([{ article_id: geste.id, jour: parisDate(1), vues: 4 }])
    await getDb()
      .insert(vuesArticlesPeriode)
      .values([{ calcule_pour: parisDate(1), article_id: ancien.id, vues: 999 }])

    const views = await readArticleViews(getDb())

    expect(views.articles.map((row) => [row.titre, row.vues])).toEqual([['Le geste', 4]])
    const period = await getDb().select().from(vuesArticlesPeriode)
    expect(period.map((row) => [row.calcule_pour, row.article_id, row.vues])).toEqual([
      [parisDate(0), geste.id, 4],
    ])
    await getDb().delete(articles).where(eq(articles.id, geste.id))
    expect(await getDb().select().from(vuesArticlesPeriode)).toEqual([])
    expect((await readArticleViews(getDb())).articles).toEqual([])
  })
})
