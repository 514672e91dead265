import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { insertArticle } from '#tests/support/content-fixtures'
import { expectHtmlToContain, renderRoute } from '#tests/support/routes'
import { resetSignIn, signedInCookie } from '#tests/support/sessions'
import BlogArticlePreview, { action, headers, loader } from './blog-article-preview'

/** Runs the preview's loader as the holder of `cookie`: its data, status and headers, or the redirect. */
async function preview(articleId: string, cookie?: string) {
  try {
    const result = (await loader({
      request: new Request(`http://localhost/blog/apercu/${articleId}`, {
        headers: cookie ? { cookie } : {},
      }),
      params: { articleId },
      context: {},
    } as never)) as { data: { article: { titre: string } | null; state: string | null }; init: ResponseInit }
    return { ...result.data, status: result.init.status ?? 200, headers: new Headers(result.init.headers) }
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('Location') }
    throw thrown
  }
}

/** Posts the editor's fields to the preview as the holder of `cookie`: its data and status, or the redirect. */
async function previewUnsaved(articleId: string, fields: Record<string, string>, cookie?: string) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  try {
    const result = (await action({
      request: new Request(`http://localhost/blog/apercu/${articleId}`, {
        method: 'POST',
        body,
        headers: cookie ? { cookie } : {},
      }),
      params: { articleId },
      context: {},
    } as never)) as {
      data: {
        article: { titre: string; contenu: string } | null
        state: string | null
        problem: string | null
      }
      init: ResponseInit
    }
    return { ...result.data, status: result.init.status ?? 200, headers: new Headers(result.init.headers) }
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('Location') }
    throw thrown
  }
}

/** The article form's fields as the editor holds them. */
const editorFields = (titre: string, contenu: string) => ({
  titre,
  sous_titre: '',
  extrait: '',
  contenu,
  image_url: '',
  slug: '',
  statut: 'brouillon',
  type: 'article',
  date_publication: '',
})

describe('POST /blog/apercu/:articleId: the unsaved form (issue #36 §2)', () => {
  it('shows an administrator what the editor holds, unsaved, and writes nothing', async () => {
    await resetSignIn()
    const admin = await signedInCookie('admin')
    const article = await insertArticle({ titre: 'Titre enregistré', contenu: '<p>Texte enregistré</p>' })

    const answer = await previewUnsaved(
      article.id,
      editorFields('Titre pas encore enregistré', '<p>Texte en cours<script>alert(1)</script></p>'),
      admin,
    )
    const fresh = await previewUnsaved(
      'nouveau',
      editorFields('Un nouvel article', '<p>Premier jet</p>'),
      admin,
    )

    expect(answer).toMatchObject({
      status: 200,
      state: 'brouillon',
      article: { titre: 'Titre pas encore enregistré', contenu: '<p>Texte en cours</p>' },
    })
    expect('headers' in answer && answer.headers.get('Cache-Control')).toBe('private, no-store')
    expect(fresh).toMatchObject({ status: 200, article: { titre: 'Un nouvel article' } })
    const [row] = await getDb().select().from(articles).where(eq(articles.id, article.id))
    expect(row?.titre).toBe('Titre enregistré')
    const html = renderRoute(
      BlogArticlePreview as never,
      { article: null, state: null },
      `/blog/apercu/${article.id}`,
      answer,
    )
    expectHtmlToContain(html, [
      'Modifications non enregistrées.',
      'Titre pas encore enregistré',
      'Texte en cours',
    ])
  })

  it('says why nothing can be shown, and sends visitors to /auth', async () => {
    await resetSignIn()
    const admin = await signedInCookie('admin')

    expect(await previewUnsaved('nouveau', editorFields('Sans texte', '<p> </p>'), admin)).toMatchObject({
      status: 400,
      article: null,
      problem: 'Le contenu est requis',
    })
    expect(await previewUnsaved('nouveau', editorFields('Titre', '<p>Texte</p>'))).toEqual({
      redirect: '/auth',
    })
  })
})

describe('/blog/apercu/:articleId (issue #11 §3)', () => {
  it('shows an administrator a draft, a hidden and a scheduled article with where each stands, never cached', async () => {
    await resetSignIn()
    const admin = await signedInCookie('admin')
    const draft = await insertArticle({ titre: 'Brouillon', statut: 'brouillon', nombre_vues: 3 })
    const hidden = await insertArticle({ titre: 'Masqué', affiche: false })
    const scheduled = await insertArticle({
      titre: 'Programmé',
      date_publication: new Date('2099-03-04T09:30:00Z'),
    })

    const answer = await preview(draft.id, admin)
    expect(answer).toMatchObject({ status: 200, state: 'brouillon', article: { titre: 'Brouillon' } })
    expect('headers' in answer && answer.headers.get('Cache-Control')).toBe('private, no-store')
    expect('headers' in answer && answer.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
    expect(headers()).toMatchObject({ 'Cache-Control': 'private, no-store' })
    expect(await preview(hidden.id, admin)).toMatchObject({ state: 'masque' })
    const later = await preview(scheduled.id, admin)
    expect(later).toMatchObject({ state: 'programme' })
    // Previewing counts no view.
    await preview(draft.id, admin)
    const [row] = await getDb().select().from(articles).where(eq(articles.id, draft.id))
    expect(row?.nombre_vues).toBe(3)

    const html = renderRoute(BlogArticlePreview as never, later, `/blog/apercu/${scheduled.id}`)
    expectHtmlToContain(html, [
      'role="note"',
      'Aperçu',
      'Programmé pour le 4 mars 2099 à 10:30 : il sera visible à ce moment-là.',
      '<h1',
      'Programmé',
    ])
  })

  it('sends visitors to /auth and signed-in non-administrators to /', async () => {
    await resetSignIn()
    const draft = await insertArticle({ titre: 'Brouillon', statut: 'brouillon' })

    expect(await preview(draft.id)).toEqual({ redirect: '/auth' })
    expect(await preview(draft.id, await signedInCookie('user'))).toEqual({ redirect: '/' })
  })

  it('answers 404 for an unknown or malformed id', async () => {
    await resetSignIn()
    const admin = await signedInCookie('admin')

    expect(await preview('00000000-0000-4000-8000-000000000000', admin)).toMatchObject({
      status: 404,
      article: null,
    })
    expect(await preview('pas-un-id', admin)).toMatchObject({ status: 404, article: null })
  })
})
