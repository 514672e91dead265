import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { contactMessages, vuesArticles } from '#app/db/schema'
import { incrementArticleViews } from '#app/services/articles/increment-article-views.server'
import { auctions } from '#tests/support/auctions'
import { insertArticle, parisDate } from '#tests/support/content-fixtures'
import { getDashboard } from './get-dashboard.server'

describe('getDashboard (issue #11 §5)', () => {
  it('counts views per article and per day in the site’s time zone, over the last 30 days', async () => {
    const geste = await insertArticle({ titre: 'Le geste', slug: 'le-geste' })
    const papier = await insertArticle({ titre: 'Le papier', slug: 'le-papier' })
    const draft = await insertArticle({ titre: 'Brouillon', slug: 'brouillon', statut: 'brouillon' })

    expect(await incrementArticleViews(geste.id, 3)).toBe(3)
    expect(await incrementArticleViews(geste.id)).toBe(4)
    await incrementArticleViews(papier.id)
    expect(await incrementArticleViews(draft.id)).toBeNull()
    await getDb()
      .insert(vuesArticles)
      .values([
        { article_id: papier.id, jour: parisDate(2), vues: 5 },
        { article_id: geste.id, jour: parisDate(40), vues: 100 },
      ])

    const { views } = await getDashboard()

    expect(await getDb().select().from(vuesArticles).orderBy(vuesArticles.jour)).toHaveLength(4)
    expect(views.days).toHaveLength(30)
    expect(views.days.at(-1)).toEqual({ jour: parisDate(0), vues: 5 })
    expect(views.days.at(-3)).toEqual({ jour: parisDate(2), vues: 5 })
    expect(views.days[0]?.jour).toBe(parisDate(29))
    expect(views.days.reduce((sum, day) => sum + day.vues, 0)).toBe(10)
    expect(views.articles).toEqual([
      { id: papier.id, titre: 'Le papier', slug: 'le-papier', vues: 6 },
      { id: geste.id, titre: 'Le geste', slug: 'le-geste', vues: 4 },
    ])
  })

  it('lists the five most-read articles, ties by title, whatever the number tied', async () => {
    const titles = ['Gamma', 'Alpha', 'Zêta', 'Delta', 'Bêta', 'Epsilon', 'Êta']
    const rows = await Promise.all(
      titles.map((titre) =>
        insertArticle({ titre, slug: titre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() }),
      ),
    )
    await getDb()
      .insert(vuesArticles)
      .values(rows.map((row, n) => ({ article_id: row.id, jour: parisDate(1), vues: n === 0 ? 9 : 2 })))

    const { views } = await getDashboard()

    expect(views.articles.map((row) => [row.titre, row.vues])).toEqual([
      ['Gamma', 9],
      ['Alpha', 2],
      ['Bêta', 2],
      ['Delta', 2],
      ['Epsilon', 2],
    ])
  })

  it('gives the unread messages, the active auction with its validated bids and the scheduled articles', async () => {
    const message = (sujet: string, minutesAgo: number, values = {}) => ({
      nom: 'Dupont',
      email: 'd@exemple.fr',
      sujet,
      message: '…',
      cree_le: new Date(Date.now() - minutesAgo * 60_000),
      ...values,
    })
    await getDb()
      .insert(contactMessages)
      .values([
        message('Premier', 40),
        message('Deuxième', 30),
        message('Troisième', 20),
        message('Quatrième', 10),
        message('Lu', 5, { lu: true }),
        message('Archivé', 1, { archive: true }),
      ])
    const auction = await auctions.create({ prix_actuel: '180.00' })
    await auctions.insertBids(
      auctions.bidRow(auction.id, 'Alice', '150.00'),
      auctions.bidRow(auction.id, 'Basile', '180.00'),
      auctions.bidRow(auction.id, 'Chloé', '200.00', { email_valide: false }),
    )
    await insertArticle({
      titre: 'Demain',
      slug: 'demain',
      date_publication: new Date(Date.now() + 86_400_000),
    })

    const dashboard = await getDashboard()

    expect(dashboard.unread.count).toBe(4)
    expect(dashboard.unread.latest.map((row) => row.sujet)).toEqual(['Quatrième', 'Troisième', 'Deuxième'])
    expect(dashboard.auction).toMatchObject({ id: auction.id, prix_actuel: '180.00', nombre_mises: 2 })
    expect(dashboard.scheduled.map((row) => row.titre)).toEqual(['Demain'])
  })
})
