import { and, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import type { ArticleDetail } from '#app/lib/article-types'
import { readingTimeMinutes } from '#app/lib/format'
import { isSlug } from '#app/lib/slug'
import { logger } from '#app/logger.server'
import { resolveImage } from '#app/media/resolve-images.server'
import { isPublicArticle } from './list-published-articles.server'

export type GetArticleResult =
  | { status: 'found'; article: ArticleDetail }
  | { status: 'not-found' }
  | { status: 'error' }

/**
 * Loads one public article by slug (public spec §7: "by slug, single row"; §4 visibility: statut
 * 'publie' and affiche true — a draft or hidden article is 'not-found', like a missing one).
 * A malformed slug never reaches the database. A database failure is logged and answers 'error'
 * (the page shows the same fallback, public spec §8 "Article").
 */
export async function getPublishedArticle(slug: string): Promise<GetArticleResult> {
  if (!isSlug(slug)) return { status: 'not-found' }
  try {
    const [row] = await getDb()
      .select()
      .from(articles)
      .where(and(eq(articles.slug, slug), isPublicArticle))
      .limit(1)
    if (!row) return { status: 'not-found' }
    return {
      status: 'found',
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
    logger.error({ err: error, slug }, "Erreur lors du chargement de l'article")
    return { status: 'error' }
  }
}
