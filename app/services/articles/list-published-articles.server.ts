import { and, arrayContains, desc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { type ArticleCard, type ArticleType, FEATURED_TAG, sortArticleTypes } from '#app/lib/article-types'
import type { ImageData } from '#app/lib/images'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import { type PageInfo, pageWindow } from '#app/lib/pagination'
import { logger } from '#app/logger.server'
import { resolveImages } from '#app/media/resolve-images.server'
import { readPage } from '#app/services/list-page.server'

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

/** The columns of an article card: never its text (the reading time is stored, issue #35 §1). */
const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  titre: articles.titre,
  extrait: articles.extrait,
  minutes_lecture: articles.minutes_lecture,
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
  minutes_lecture: number
  tags: string[]
  type: ArticleType
  date_publication: Date | null
  image_url: string | null
}

/** The public order of articles: newest publication first, undated last, then newest creation. */
const PUBLIC_ARTICLE_ORDER = [sql`${articles.date_publication} desc nulls last`, desc(articles.cree_le)]

/** Public articles matching `filter`, newest first, `limit` of them from `offset`. */
function selectCardRows(filter: SQL | undefined, limit: number, offset = 0): Promise<CardRow[]> {
  return getDb()
    .select(cardColumns)
    .from(articles)
    .where(filter ? and(isPublicArticle, filter) : isPublicArticle)
    .orderBy(...PUBLIC_ARTICLE_ORDER)
    .limit(limit)
    .offset(offset)
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
    readingMinutes: row.minutes_lecture,
  }
}

/** What /blog shows: one page of article cards and the types present, or the failure. */
export type BlogListing = {
  articles: ArticleCard[]
  /** The page shown; page 1 of 1 after a failure. */
  info: PageInfo
  types: ArticleType[]
  failed: boolean
}

/**
 * One page of the /blog listing (public spec §2 /blog, §7 "articles"; issue #35 §1): published
 * and displayed articles, newest first, optionally of one type, `pageSize` per page, plus the
 * types present among all public articles (for the filter buttons, in label order). Reads the
 * card columns only (never the text: the reading time is stored) and resolves images in one query.
 *
 * A load failure is only logged (public spec §2 /blog) and answers `{ failed: true }` with empty lists.
 *
 * @param options.type - the type filter, or none for every type.
 * @param options.page - the page asked for (≥ 1; default 1).
 * @param options.pageSize - articles per page (≥ 1; default the setting's default, 12).
 * @returns the listing, or null when `page` is past the last page (the route answers 404).
 */
export async function listBlogArticles(
  options: { type?: ArticleType; page?: number; pageSize?: number } = {},
): Promise<BlogListing | null> {
  const { page = 1, pageSize = PAGE_SIZE_SETTINGS.blog.fallback } = options
  const filter = options.type ? eq(articles.type, options.type) : undefined
  try {
    const [listed, typeRows] = await Promise.all([
      readPage(
        page,
        pageSize,
        () => getDb().$count(articles, filter ? and(isPublicArticle, filter) : isPublicArticle),
        (limit, offset) => selectCardRows(filter, limit, offset),
      ),
      getDb().selectDistinct({ type: articles.type }).from(articles).where(isPublicArticle),
    ])
    if (!listed) return null
    const images = await resolveImages(listed.items.map((row) => row.image_url))
    return {
      articles: listed.items.map((row) => toCard(row, images)),
      info: listed.info,
      types: sortArticleTypes(typeRows.map((row) => row.type)),
      failed: false,
    }
  } catch (error) {
    logger.error({ err: error }, 'Erreur lors du chargement des articles')
    return { articles: [], info: pageWindow(1, pageSize, 0).info, types: [], failed: true }
  }
}

/** How many latest articles the home page shows (public spec §9). */
export const HOME_LATEST_LIMIT = 3

/** How many « À la une » articles the home page shows at most, newest first (issue #35 §1). */
export const HOME_FEATURED_LIMIT = 6

/**
 * The two article sections of the home page (public spec §2 Home; issue #35 §1): `featured` —
 * the {@link HOME_FEATURED_LIMIT} newest public articles tagged 'A la une'; `latest` — the
 * {@link HOME_LATEST_LIMIT} newest public articles. Bounded whatever the number of articles.
 * Images of both lists are resolved in one query. A load failure is logged and yields empty sections.
 */
export async function getHomeArticles(): Promise<{ featured: ArticleCard[]; latest: ArticleCard[] }> {
  try {
    const [featured, latest] = await Promise.all([
      selectCardRows(arrayContains(articles.tags, [FEATURED_TAG]), HOME_FEATURED_LIMIT),
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
