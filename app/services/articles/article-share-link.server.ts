import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { articleSharePath } from '#app/lib/article-types'
import { isUuid } from '#app/lib/ids'
import { notFound } from '#app/lib/use-case-error'
import { signToken, verifyToken } from '#app/services/signed-tokens.server'
import { type ArticlePreviewResult, getArticlePreview } from './get-published-article.server'
import { ARTICLE_GONE } from './save-article.server'

/** How long a share link works, in days (issue #36 §2). */
export const SHARE_LINK_DAYS = 7

/**
 * Makes a private share link for an article, a draft most often (issue #36 §2): whoever holds it
 * reads the article as it is saved, until it expires, without an account. The link is a signed
 * token ({@link signToken}, purpose 'article-share': the article's id and the expiry) — nothing is
 * stored, so it cannot be revoked before its expiry except by deleting the article or changing the
 * app secret.
 *
 * @param articleId - the article's UUID.
 * @param now - the server's clock (tests move it).
 * @returns the link's path ('/blog/partage/{token}') and when it expires (now + {@link SHARE_LINK_DAYS} days).
 * @throws UseCaseError not-found when the article does not exist (or the id is malformed).
 */
export async function createArticleShareLink(
  articleId: string,
  now = new Date(),
): Promise<{ path: string; expiresAt: Date }> {
  if (!isUuid(articleId)) throw notFound(ARTICLE_GONE)
  const [found] = await getDb().select({ id: articles.id }).from(articles).where(eq(articles.id, articleId))
  if (!found) throw notFound(ARTICLE_GONE)
  const expiresAt = new Date(now.getTime() + SHARE_LINK_DAYS * 86_400_000)
  return {
    path: articleSharePath(signToken('article-share', { a: articleId, x: expiresAt.getTime() })),
    expiresAt,
  }
}

/**
 * The article a share link shows (issue #36 §2), as its preview reads it, and when the link
 * expires; 'not-found' for a token that is malformed, forged, expired, or whose article is gone.
 *
 * @param token - the link's last segment, anything.
 * @param now - the server's clock.
 */
export async function getSharedArticle(
  token: string,
  now = new Date(),
): Promise<
  | (ArticlePreviewResult & { status: 'found'; expiresAt: string })
  | Exclude<ArticlePreviewResult, { status: 'found' }>
> {
  const claims = verifyToken('article-share', token)
  if (!claims || typeof claims.a !== 'string' || typeof claims.x !== 'number' || claims.x <= now.getTime())
    return { status: 'not-found' }
  const result = await getArticlePreview(claims.a)
  return result.status === 'found' ? { ...result, expiresAt: new Date(claims.x).toISOString() } : result
}
