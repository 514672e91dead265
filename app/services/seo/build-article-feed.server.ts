import { desc, getTableColumns, sql } from 'drizzle-orm'
import { type Enclosure, Feed } from 'feed'
import { getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { resolveAppearance } from '#app/lib/appearance'
import { absoluteUrl, plainText } from '#app/lib/meta'
import { FEED_PATH } from '#app/lib/sitemap'
import { socialVariantOf } from '#app/media/social-image.server'
import { articleLastChange, isPublicArticle } from '#app/services/articles/list-published-articles.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'

/** How many articles the feed carries, newest first (feed readers keep what they have seen). */
export const FEED_ARTICLE_LIMIT = 20

/** Makes the site-relative `src` and `href` addresses of sanitized HTML absolute (feed readers have no base). */
export function absoluteLinks(siteUrl: string, html: string): string {
  return html.replace(/(\s(?:src|href)=")\/(?!\/)/g, `$1${siteUrl}/`)
}

/**
 * The RSS 2.0 feed of the published articles (issue #11 §1), made with the `feed` library: the
 * 20 newest public articles (issue #35 §1) by the articles' own visibility rule (`isPublicArticle`: a draft, a
 * hidden or a scheduled article is never in it), each with its full content (addresses made
 * absolute), its excerpt, tags, publication date and its image as an absolute address (the
 * 1200×630 JPEG preview when the pipeline made one, as an enclosure and at the top of the
 * content). The feed's date is the latest save or publication of a public article
 * (`articleLastChange`). Cached with the site's data until the next write
 * (app/services/site-data-cache.server.ts).
 *
 * @param siteUrl - the site's absolute address without trailing slash (`SITE_URL`).
 * @returns the feed's XML (`application/rss+xml`).
 * @throws the database error when a query fails.
 */
export function buildArticleFeed(siteUrl: string): Promise<string> {
  return cachedSiteData(`feed:${siteUrl}`, async () => {
    const [settings, rows] = await Promise.all([
      getSiteSettings(),
      getDb()
        .select({
          ...getTableColumns(articles),
          // The latest change of all public articles (not only the 20 listed): the feed's date.
          feedUpdated: sql<Date>`max(${articleLastChange}) over ()`.mapWith(articles.modifie_le),
        })
        .from(articles)
        .where(isPublicArticle)
        .orderBy(sql`${articles.date_publication} desc nulls last`, desc(articles.cree_le))
        .limit(FEED_ARTICLE_LIMIT),
    ])
    const appearance = resolveAppearance(settings)
    const blogUrl = absoluteUrl(siteUrl, '/blog')
    const feed = new Feed({
      title: `${appearance.siteTitle} — Actualités`,
      description: appearance.siteSubtitle,
      id: blogUrl,
      link: blogUrl,
      language: 'fr',
      favicon: absoluteUrl(siteUrl, '/favicon.svg'),
      copyright: appearance.copyrightText ?? `${appearance.siteTitle}. Tous droits réservés.`,
      updated: rows[0]?.feedUpdated,
      generator: 'Encre',
      feedLinks: { rss: absoluteUrl(siteUrl, FEED_PATH) },
      author: { name: appearance.siteTitle, link: `${siteUrl}/` },
    })
    for (const row of rows) {
      const link = absoluteUrl(siteUrl, `/blog/${row.slug}`)
      const variant = row.image_url ? await socialVariantOf(row.image_url) : null
      const image: Enclosure | undefined = variant
        ? { url: absoluteUrl(siteUrl, variant.url), type: 'image/jpeg', length: variant.bytes }
        : row.image_url
          ? { url: absoluteUrl(siteUrl, row.image_url) }
          : undefined
      const figure = image ? `<p><img src="${image.url}" alt=""></p>` : ''
      feed.addItem({
        title: row.titre,
        id: link,
        link,
        date: row.date_publication ?? row.cree_le,
        description: plainText(row.extrait?.trim() || row.sous_titre?.trim() || row.contenu, 300),
        content: figure + absoluteLinks(siteUrl, row.contenu),
        category: row.tags.map((tag) => ({ name: tag })),
        image,
        author: [{ name: appearance.siteTitle, link: `${siteUrl}/` }],
      })
    }
    return feed.rss2()
  })
}
