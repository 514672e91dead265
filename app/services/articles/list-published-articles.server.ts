import { and, arrayContains, desc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { type ArticleCard, type ArticleType, FEATURED_TAG, sortArticleTypes } from '#app/lib/article-types'
import { readingTimeMinutes } from '#app/lib/format'
import type { ImageData } from '#app/lib/images'
import { logger } from '#app/logger.server'
import { resolveImages } from '#app/media/resolve-images.server'

/**
 * Published and displayed, whatever the date: the articles that are public now or are scheduled
 * (public spec §4; issue #11 §3).
 */
export const isPublishedArticle: SQL = and(eq(articles.statut, 'publie'), eq(articles.affiche, true)) as SQL

/**
 * The public visibility rule for articles, the one condition of every public query (pages, home,
 * feed, sitemap, counts, tags): statut 'publie', affiche true (public spec §4) and a
 * date_publication that has come by the database's clock, or none (issue #11 §3: an article
 * scheduled for later is invisible until then; app/jobs/publication-scheduler.server.ts clears the
 * caches when it comes).
 */
export const isPublicArticle: SQL = and(
  isPublishedArticle,
  or(isNull(articles.date_publication), lte(articles.date_publication, sql`now()`)),
) as SQL

/**
 * When a public article last changed for crawlers and feed readers (sitemap `lastmod`, the feed's
 * date): its last save, or its publication when that came later — a scheduled article appears
 * after its last save, without any write (issue #11 §1, §3).
 */
export const articleLastChange =
  sql<Date>`greatest(${articles.modifie_le}, ${articles.date_publication})`.mapWith(articles.modifie_le)

const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  titre: articles.titre,
  extrait: articles.extrait,
  contenu: articles.contenu,
  tags: articles.tags,
  type: articles.type,
  date_publication: articles.date_publication,
  image_url: articles.image_url,
}

type CardRow = {
  id: string
  slug: string
  titre: string
  extrait: string | null
  contenu: string
  tags: string[]
  type: ArticleType
  date_publication: Date | null
  image_url: string | null
}

/** Public articles matching `filter`, newest first (date_publication desc, undated last). */
async function selectCardRows(filter: SQL | undefined, limit?: number): Promise<CardRow[]> {
  const query = getDb()
    .select(cardColumns)
    .from(articles)
    .where(filter ? and(isPublicArticle, filter) : isPublicArticle)
    .orderBy(sql`${articles.date_publication} desc nulls last`, desc(articles.cree_le))
  return limit === undefined ? query : query.limit(limit)
}

function toCard(row: CardRow, images: Map<string, ImageData>): ArticleCard {
  return {
    id: row.id,
    slug: row.slug,
    titre: row.titre,
    extrait: row.extrait?.trim() || null,
    tags: row.tags,
    type: row.type,
    date_publication: row.date_publication ? row.date_publication.toISOString() : null,
    image: row.image_url ? (images.get(row.image_url) ?? null) : null,
    readingMinutes: readingTimeMinutes(row.contenu),
  }
}

/**
 * The /blog listing (public spec §2 /blog, §7 "articles"): published and displayed articles,
 * newest first, optionally of one type, plus the types present among all public articles (for the
 * filter buttons, in label order). Images are resolved in one query.
 *
 * A load failure is only logged (public spec §2 /blog) and answers `{ failed: true }` with empty lists.
 */
export async function listBlogArticles(options: { type?: ArticleType } = {}): Promise<{
  articles: ArticleCard[]
  types: ArticleType[]
  failed: boolean
}> {
  try {
    const [rows, typeRows] = await Promise.all([
      selectCardRows(options.type ? eq(articles.type, options.type) : undefined),
      getDb().selectDistinct({ type: articles.type }).from(articles).where(isPublicArticle),
    ])
    const images = await resolveImages(rows.map((row) => row.image_url))
    return {
      articles: rows.map((row) => toCard(row, images)),
      types: sortArticleTypes(typeRows.map((row) => row.type)),
      failed: false,
    }
  } catch (error) {
    logger.error({ err: error }, 'Erreur lors du chargement des articles')
    return { articles: [], types: [], failed: true }
  }
}

/** How many latest articles the home page shows (public spec §9). */
export const HOME_LATEST_LIMIT = 3

/**
 * The two article sections of the home page (public spec §2 Home): `featured` — every public
 * article tagged 'A la une', newest first; `latest` — the 3 newest public articles. Images of both
 * lists are resolved in one query. A load failure is logged and yields empty sections.
 */
export async function getHomeArticles(): Promise<{ featured: ArticleCard[]; latest: ArticleCard[] }> {
  try {
    const [featured, latest] = await Promise.all([
      selectCardRows(arrayContains(articles.tags, [FEATURED_TAG])),
      selectCardRows(undefined, HOME_LATEST_LIMIT),
    ])
    const images = await resolveImages([...featured, ...latest].map((row) => row.image_url))
    return {
      featured: featured.map((row) => toCard(row, images)),
      latest: latest.map((row) => toCard(row, images)),
    }
  } catch (error) {
    logger.error({ err: error }, 'Erreur lors du chargement des articles')
    return { featured: [], latest: [] }
  }
}
