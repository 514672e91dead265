import { describe, expect, it, vi } from 'vitest'
import { SHARE_LINK_DAYS } from '#app/services/articles/article-share-link.server'
import { insertArticle } from '#tests/support/content-fixtures'
import { adminRoute, expectHtmlToContain, renderRoute } from '#tests/support/routes'
import { action, loader as articlesLoader } from './admin/articles'
import BlogArticleShared, { loader } from './blog-article-shared'

const { post } = adminRoute('/admin/articles', { action, loader: articlesLoader })

/** Opens a share link's page as a visitor without an account: its data, status and headers. */
async function open(path: string) {
  const token = path.replace('/blog/partage/', '')
  const result = (await loader({
    request: new Request(`http://localhost${path}`),
    params: { token },
    context: {},
  } as never)) as {
    data: { article: { titre: string } | null; expiresAt: string | null }
    init: ResponseInit
  }
  return { ...result.data, status: result.init.status ?? 200, headers: new Headers(result.init.headers) }
}

describe('/blog/partage/:token, the private share link of a draft (issue #36 §2)', () => {
  it('shows the draft to whoever holds the link, never cached nor indexed, then 404 once expired', async () => {
    const draft = await insertArticle({
      titre: 'Brouillon partagé',
      statut: 'brouillon',
      contenu: '<p>Pas encore publié</p>',
    })

    const created = await post({ intent: 'share', id: draft.id })
    const path = created.body.url ?? ''
    const shown = await open(path)

    expect(created.status).toBe(200)
    expect(created.body.toast.description).toMatch(/^Lien de partage créé, valable jusqu'au /)
    expect(path).toMatch(/^\/blog\/partage\/[\w-]+\.[\w-]+$/)
    expect(shown).toMatchObject({ status: 200, article: { titre: 'Brouillon partagé' } })
    expect(shown.headers.get('Cache-Control')).toBe('private, no-store')
    expect(shown.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
    const html = renderRoute(BlogArticleShared as never, shown, path)
    expectHtmlToContain(html, [
      'Lien privé',
      'Lien valable jusqu’au',
      'Brouillon partagé',
      'Pas encore publié',
    ])

    // Seven days later the same link is the 404 page.
    const expiresAt = Date.parse(shown.expiresAt ?? '')
    expect(expiresAt - Date.now()).toBeGreaterThan((SHARE_LINK_DAYS * 24 - 1) * 3_600_000)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(expiresAt - 60_000)
      expect(await open(path)).toMatchObject({ status: 200 })
      vi.setSystemTime(expiresAt + 1)
      expect(await open(path)).toMatchObject({ status: 404, article: null })
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers 404 for an altered, forged or malformed link, and for a deleted article', async () => {
    const draft = await insertArticle({ titre: 'Brouillon', statut: 'brouillon' })
    const path = (await post({ intent: 'share', id: draft.id })).body.url ?? ''
    const [payload = '', signature = ''] = path.replace('/blog/partage/', '').split('.')
    const other = await insertArticle({ titre: 'Autre', statut: 'brouillon' })
    const swapped = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace(draft.id, other.id),
    ).toString('base64url')

    expect(await open(`/blog/partage/${swapped}.${signature}`)).toMatchObject({ status: 404 })
    expect(await open(`/blog/partage/${payload}.${signature.slice(0, -2)}AA`)).toMatchObject({ status: 404 })
    expect(await open('/blog/partage/pas-un-jeton')).toMatchObject({ status: 404 })
    expect((await post({ intent: 'share', id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
    await post({ intent: 'delete', id: draft.id })
    expect(await open(path)).toMatchObject({ status: 404 })
  })
})
