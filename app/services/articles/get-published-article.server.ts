import { and, eq, type SQL, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import type { ArticleDetail, ArticlePreviewState } from '#app/lib/article-types'
import { readingTimeMinutes } from '#app/lib/format'
import { isUuid } from '#app/lib/ids'
import { isSlug } from '#app/lib/slug'
import { logger } from '#app/logger.server'
import { resolveImage } from '#app/media/resolve-images.server'
import { isPublicArticle } from './list-published-articles.server'

export type GetArticleResult =
  | { status: 'found'; article: ArticleDetail }
  | { status: 'not-found' }
  | { status: 'error' }

/** An article read for its preview: as the page shows it, and where it stands for a visitor. */
export type ArticlePreviewResult =
  | { status: 'found'; article: ArticleDetail; state: ArticlePreviewState }
  | { status: 'not-found' }
  | { status: 'error' }

/** Where the article stands for a visitor, by the database's clock (see ArticlePreviewState). */
const previewState = sql<ArticlePreviewState>`case
  when ${articles.statut} <> 'publie' then ${articles.statut}
  when not ${articles.affiche} then 'masque'
  when ${articles.date_publication} > now() then 'programme'
  else 'publie' end`

/**
 * Reads the one article matching `where` as the article page shows it, or 'not-found'. A database
 * failure is logged and answers 'error' (the page shows the same fallback, public spec §8 "Article").
 */
async function readArticle(where: SQL, logged: Record<string, string>): Promise<ArticlePreviewResult> {
  try {
    const [found] = await getDb()
      .select({ row: articles, state: previewState })
      .from(articles)
      .where(where)
      .limit(1)
    if (!found) return { status: 'not-found' }
    const { row } = found
    return {
      status: 'found',
      state: found.state,
      article: {
        id: row.id,
        slug: row.slug,
        titre: row.titre,
        sous_titre: row.sous_titre?.trim() || null,
        extrait: row.extrait?.trim() || null,
        contenu: row.contenu,
        tags: row.tags,
        type: row.type,
        date_publication: row.date_publication ? row.date_publication.toISOString() : null,
        nombre_vues: row.nombre_vues,
        image: await resolveImage(row.image_url),
        readingMinutes: readingTimeMinutes(row.contenu),
      },
    }
  } catch (error) {
    logger.error({ err: error, ...logged }, "Erreur lors du chargement de l'article")
    return { status: 'error' }
  }
}

/**
 * Loads one public article by slug (public spec §7: "by slug, single row"; §4 visibility and issue
 * #11 §3: published, displayed and its date come — a draft, hidden or scheduled article is
 * 'not-found', like a missing one). A malformed slug never reaches the database. A database
 * failure is logged and answers 'error' (the page shows the same fallback, public spec §8 "Article").
 */
export async function getPublishedArticle(slug: string): Promise<GetArticleResult> {
  if (!isSlug(slug)) return { status: 'not-found' }
  const result = await readArticle(and(eq(articles.slug, slug), isPublicArticle) as SQL, { slug })
  return result.status === 'found' ? { status: 'found', article: result.article } : result
}

/**
 * Loads any article by id for its preview (issue #11 §3: draft, hidden or scheduled alike), with
 * where it stands for a visitor. The caller checks that an administrator asks.
 *
 * @param articleId - the article's UUID (a malformed one is 'not-found').
 * @returns the article and its {@link ArticlePreviewState}, 'not-found' or 'error' (logged).
 */
export async function getArticlePreview(articleId: string): Promise<ArticlePreviewResult> {
  if (!isUuid(articleId)) return { status: 'not-found' }
  return readArticle(eq(articles.id, articleId), { articleId })
}
