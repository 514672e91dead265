import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles, revisionsArticles } from '#app/db/schema'
import { listArticleRevisions } from '#app/services/articles/list-article-revisions.server'
import { insertArticle } from '#tests/support/content-fixtures'
import { adminRoute, runLoader } from '#tests/support/routes'
import { loader as versionsLoader } from './article-versions'
import { action, loader } from './articles'

const { post, cookie } = adminRoute('/admin/articles', { action, loader })

/** The article form as the screen posts an update of `id`. */
function update(id: string, titre: string, contenu: string, slug = 'le-trait') {
  return post({
    intent: 'update',
    id,
    titre,
    sous_titre: '',
    extrait: '',
    contenu,
    image_url: '',
    slug,
    statut: 'publie',
    type: 'article',
    date_publication: '2026-01-15T11:00',
    affiche: 'on',
  })
}

async function stored(id: string) {
  const [row] = await getDb().select().from(articles).where(eq(articles.id, id))
  return row
}

describe('article revisions (issue #11 §3)', () => {
  it('keeps the previous content at each save, the last 20, newest first', async () => {
    const article = await insertArticle({ titre: 'Version 0', slug: 'le-trait', contenu: '<p>Texte 0</p>' })

    for (let n = 1; n <= 22; n++)
      expect((await update(article.id, `Version ${n}`, `<p>Texte ${n}</p>`)).status).toBe(200)

    const { revisions } = await listArticleRevisions(article.id)
    expect(revisions).toHaveLength(20)
    expect(revisions[0]).toMatchObject({ titre: 'Version 21', contenu: '<p>Texte 21</p>' })
    expect(revisions.at(-1)).toMatchObject({ titre: 'Version 2', contenu: '<p>Texte 2</p>' })
    expect((await stored(article.id))?.titre).toBe('Version 22')
  })

  it('restores a version as a save: its content comes back, the replaced one becomes a version, slug and publication stay', async () => {
    const article = await insertArticle({
      titre: 'Premier jet',
      slug: 'le-trait',
      contenu: '<p>Le premier jet.</p>',
      tags: ['Encre'],
    })
    await update(article.id, 'Texte revu', '<p>Le texte revu.</p>')
    const {
      revisions: [first],
    } = await listArticleRevisions(article.id)
    if (!first) throw new Error('aucune version')

    const answer = await post({ intent: 'restore-revision', id: article.id, revision_id: first.id })

    expect(answer.status).toBe(200)
    expect(answer.body.toast).toEqual({ type: 'success', title: 'Succès', description: 'Version restaurée' })
    expect(await stored(article.id)).toMatchObject({
      titre: 'Premier jet',
      contenu: '<p>Le premier jet.</p>',
      tags: ['Encre'],
      slug: 'le-trait',
      statut: 'publie',
      affiche: true,
    })
    const { revisions } = await listArticleRevisions(article.id)
    expect(revisions.map((revision) => revision.titre)).toEqual(['Texte revu', 'Premier jet'])
  })

  it('refuses a version of another article or one gone, changing nothing', async () => {
    const article = await insertArticle({ titre: 'Le trait', slug: 'le-trait' })
    const other = await insertArticle({ titre: 'Autre', slug: 'autre' })
    await update(other.id, 'Autre revu', '<p>Revu</p>', 'autre')
    const [otherRevision] = await getDb().select().from(revisionsArticles)
    if (!otherRevision) throw new Error('aucune version')

    const answer = await post({ intent: 'restore-revision', id: article.id, revision_id: otherRevision.id })
    const malformed = await post({ intent: 'restore-revision', id: article.id, revision_id: 'x' })

    expect(answer.status).toBe(404)
    expect(answer.body.toast?.description).toContain("Cette version de l'article n'existe plus.")
    expect(malformed.status).toBe(400)
    expect((await stored(article.id))?.titre).toBe('Le trait')
    expect((await listArticleRevisions(article.id)).revisions).toEqual([])
  })

  it('keeps no version for a save that changes nothing, nor for one that changes the publication alone (issue #36 §2)', async () => {
    const article = await insertArticle({ titre: 'Le trait', slug: 'le-trait', contenu: '<p>Texte</p>' })
    await update(article.id, 'Le trait revu', '<p>Texte revu</p>')
    const saved = await stored(article.id)

    const again = await update(article.id, 'Le trait revu', '<p>Texte revu</p>')
    const hidden = await post({
      intent: 'update',
      id: article.id,
      titre: 'Le trait revu',
      sous_titre: '',
      extrait: '',
      contenu: '<p>Texte revu</p>',
      image_url: '',
      slug: 'le-trait',
      statut: 'brouillon',
      type: 'article',
      date_publication: '2026-01-15T11:00',
    })

    expect(again.status).toBe(200)
    expect(hidden.status).toBe(200)
    const rows = await getDb()
      .select()
      .from(revisionsArticles)
      .where(eq(revisionsArticles.article_id, article.id))
    expect(rows.map((row) => row.titre)).toEqual(['Le trait'])
    expect(await stored(article.id)).toMatchObject({
      titre: 'Le trait revu',
      statut: 'brouillon',
      affiche: false,
      modifie_par: saved?.modifie_par,
    })
  })

  it('says who saved each version and what the save changed, words added and removed counted (issue #36 §2)', async () => {
    const article = await insertArticle({
      titre: 'Le trait',
      slug: 'le-trait',
      contenu: '<p>Le pinceau glisse sur le papier.</p>',
    })
    await update(article.id, 'Le trait', '<p>Le pinceau glisse lentement sur le papier humide.</p>')
    await update(article.id, 'Le trait juste', '<p>Le pinceau glisse lentement sur le papier.</p>')

    const { current, revisions } = await listArticleRevisions(article.id)

    expect(current).toMatchObject({ titre: 'Le trait juste', auteur: 'admin' })
    expect(current?.changes).toEqual([
      { field: 'titre', label: 'Titre', added: 1, removed: 0 },
      { field: 'contenu', label: 'Contenu', added: 0, removed: 1 },
    ])
    expect(revisions.map((revision) => [revision.auteur, revision.changes])).toEqual([
      ['admin', [{ field: 'contenu', label: 'Contenu', added: 2, removed: 0 }]],
      // Inserted without the form: nobody known, nothing older to compare with.
      [null, null],
    ])
  })

  it('lists the versions of an article for the form, to administrators', async () => {
    const article = await insertArticle({ titre: 'Avant', slug: 'le-trait' })
    await update(article.id, 'Après', '<p>Après</p>')

    const answer = (await versionsLoader({
      request: new Request(`http://localhost:3000/admin/articles/${article.id}/versions`, {
        headers: { cookie: cookie() },
      }),
      params: { articleId: article.id },
      context: {},
    } as never)) as { data: { revisions: Array<{ titre: string }> } }

    expect(answer.data.revisions.map((revision) => revision.titre)).toEqual(['Avant'])
    await expect(
      runLoader(versionsLoader, `/admin/articles/${article.id}/versions`, ''),
    ).rejects.toMatchObject({
      status: 302,
    })
  })
})
