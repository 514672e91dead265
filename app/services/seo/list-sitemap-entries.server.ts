import { asc, count, eq, max, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { getDb } from '#app/db/client.server'
import {
  articles,
  categories,
  episodesPodcast,
  evenements,
  oeuvres,
  pagesConfig,
  photosAtelier,
  saisonsPodcast,
} from '#app/db/schema'
import { PAGE_DEFAULTS, PAGE_NAMES, type PageName } from '#app/lib/pages'
import { sitemapIndexXml, sitemapXml } from '#app/lib/sitemap'
import { articleLastChange, isPublicArticle } from '#app/services/articles/list-published-articles.server'
import { isPublicArtwork } from '#app/services/catalogue/get-public-artwork.server'
import { isPublicEpisode } from '#app/services/podcasts/get-podcast-episode.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'

/** One address of the sitemap: its path on the site and when its content last changed. */
export type SitemapEntry = { path: string; lastmod: Date | null }

/**
 * The most addresses one sitemap file lists; a site with more answers /sitemap.xml as an index of
 * several files (`/sitemaps/{n}.xml`). The sitemaps.org protocol allows 50,000; 1,000 (about
 * 105 KB of XML, 15 KB gzipped) keeps each answer the size of a page, so no address of the site
 * grows with it (issue #35: every public answer ≤ 120 KB; a single file of 6,700 addresses was
 * 699 KB and served 87 requests/s).
 */
export const SITEMAP_MAX_URLS = 1_000

/** The latest of several instants (nulls ignored), or null. */
function latest(...dates: ReadonlyArray<Date | null | undefined>): Date | null {
  const known = dates.filter((date): date is Date => date instanceof Date)
  return known.length > 0 ? new Date(Math.max(...known.map((date) => date.getTime()))) : null
}

/** How many rows of a section there are, and the newest change among them. */
type SectionSummary = { count: number; newest: Date | null }

/**
 * The count of the rows of `table` matching `where` (visible rows), joined (left) to their group
 * when `join` is given, and the newest value of `column` among them: one statement.
 */
async function summarize(
  table: PgTable,
  column: AnyPgColumn | SQL,
  where: SQL | undefined,
  join?: { table: PgTable; on: SQL },
): Promise<SectionSummary> {
  const query = getDb()
    .select({ n: count(), at: max(column) })
    .from(table)
  const [row] = await (join ? query.leftJoin(join.table, join.on) : query).where(where)
  const at = row?.at as Date | string | null | undefined
  return { count: row?.n ?? 0, newest: at ? new Date(at) : null }
}

/**
 * The kinds of public addresses after the listing pages, in the sitemap's order, each by the same
 * rule as its page (public spec §4 and the services that load them: an artwork of a hidden
 * category, an episode of a hidden season, an article that is a draft, hidden or not yet
 * published by `isPublicArticle` never appear). Each can count its rows and read a window of them
 * in a stable order (ties broken by id), so a sitemap file reads only its own rows.
 */
const SECTIONS: ReadonlyArray<{
  /** How many rows it lists, and the newest change among them (a listing page's lastmod). */
  summary: () => Promise<SectionSummary>
  read: (limit: number, offset: number) => Promise<SitemapEntry[]>
}> = [
  {
    summary: () => summarize(categories, categories.cree_le, eq(categories.affichee, true)),
    read: async (limit, offset) =>
      (
        await getDb()
          .select({ id: categories.id, at: categories.cree_le })
          .from(categories)
          .where(eq(categories.affichee, true))
          .orderBy(asc(categories.ordre), asc(categories.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => ({ path: `/portfolio/categorie/${row.id}`, lastmod: row.at })),
  },
  {
    summary: () =>
      summarize(oeuvres, oeuvres.cree_le, isPublicArtwork, {
        table: categories,
        on: eq(categories.id, oeuvres.categorie_id),
      }),
    read: async (limit, offset) =>
      (
        await getDb()
          .select({ id: oeuvres.id, at: oeuvres.cree_le })
          .from(oeuvres)
          .leftJoin(categories, eq(categories.id, oeuvres.categorie_id))
          .where(isPublicArtwork)
          .orderBy(asc(oeuvres.cree_le), asc(oeuvres.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => ({ path: `/portfolio/oeuvre/${row.id}`, lastmod: row.at })),
  },
  {
    summary: () => summarize(articles, articleLastChange, isPublicArticle),
    read: async (limit, offset) =>
      (
        await getDb()
          .select({ slug: articles.slug, at: articleLastChange })
          .from(articles)
          .where(isPublicArticle)
          .orderBy(asc(articleLastChange), asc(articles.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => ({ path: `/blog/${row.slug}`, lastmod: row.at })),
  },
  {
    summary: () => summarize(saisonsPodcast, saisonsPodcast.cree_le, eq(saisonsPodcast.affichee, true)),
    read: async (limit, offset) =>
      (
        await getDb()
          .select({ id: saisonsPodcast.id, at: saisonsPodcast.cree_le })
          .from(saisonsPodcast)
          .where(eq(saisonsPodcast.affichee, true))
          .orderBy(asc(saisonsPodcast.ordre), asc(saisonsPodcast.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => ({ path: `/podcasts/saison/${row.id}`, lastmod: row.at })),
  },
  {
    summary: () =>
      summarize(episodesPodcast, episodesPodcast.cree_le, isPublicEpisode, {
        table: saisonsPodcast,
        on: eq(saisonsPodcast.id, episodesPodcast.saison_id),
      }),
    read: async (limit, offset) =>
      (
        await getDb()
          .select({ id: episodesPodcast.id, at: episodesPodcast.cree_le })
          .from(episodesPodcast)
          .leftJoin(saisonsPodcast, eq(saisonsPodcast.id, episodesPodcast.saison_id))
          .where(isPublicEpisode)
          .orderBy(asc(episodesPodcast.cree_le), asc(episodesPodcast.id))
          .limit(limit)
          .offset(offset)
      ).map((row) => ({ path: `/podcasts/episode/${row.id}`, lastmod: row.at })),
  },
]

/** What the sitemap holds: the listing pages' entries and the count of each section's rows. */
type SitemapPlan = { pages: SitemapEntry[]; counts: number[]; total: number }

/**
 * The listing pages of pages_config (home, portfolio, parcours, podcasts, blog, contact, atelier,
 * legal notice) with their lastmod — the latest of their configuration's `modifie_le` and of what
 * they list, read as aggregates (`max`), never row by row — and each section's count (one
 * statement per kind of row, count and newest together). Cached with
 * the site's data until the next write (app/services/site-data-cache.server.ts).
 */
function sitemapPlan(): Promise<SitemapPlan> {
  return cachedSiteData('sitemap:plan', async () => {
    const [pages, summaries, events, photos] = await Promise.all([
      getDb().select({ name: pagesConfig.page_name, at: pagesConfig.modifie_le }).from(pagesConfig),
      Promise.all(SECTIONS.map((section) => section.summary())),
      summarize(evenements, evenements.cree_le, eq(evenements.affiche, true)),
      summarize(photosAtelier, photosAtelier.cree_le, eq(photosAtelier.affichee, true)),
    ])
    const counts = summaries.map((summary) => summary.count)
    const [categoriesAt, artworksAt, articlesAt, seasonsAt, episodesAt] = summaries.map(
      (summary) => summary.newest,
    )
    const eventsAt = events.newest
    const photosAt = photos.newest
    const configured = new Map(pages.map((page) => [page.name, page.at]))
    const listed: Record<PageName, Date | null> = {
      accueil: articlesAt ?? null,
      categories: latest(categoriesAt, artworksAt),
      parcours: eventsAt,
      podcasts: latest(seasonsAt, episodesAt),
      blog: articlesAt ?? null,
      contact: null,
      atelier: photosAt,
      'mentions-legales': null,
    }
    const entries = PAGE_NAMES.map((name) => ({
      path: PAGE_DEFAULTS[name].url,
      lastmod: latest(configured.get(name), listed[name]),
    }))
    return { pages: entries, counts, total: entries.length + counts.reduce((sum, n) => sum + n, 0) }
  })
}

/**
 * The public addresses from position `offset` (0-based) of the sitemap's order — the listing
 * pages, then categories, artworks, articles, seasons, episodes — `limit` of them at most, each
 * section reading only its rows in that window.
 */
async function readEntries(plan: SitemapPlan, offset: number, limit: number): Promise<SitemapEntry[]> {
  const entries = plan.pages.slice(offset, offset + limit)
  let start = plan.pages.length
  for (const [index, section] of SECTIONS.entries()) {
    const size = plan.counts[index] ?? 0
    const from = Math.max(offset, start)
    const to = Math.min(offset + limit, start + size)
    if (from < to) entries.push(...(await section.read(to - from, from - start)))
    start += size
  }
  return entries
}

/** What /sitemap.xml or one of its files answers. */
export type SitemapDocument =
  | { kind: 'urlset'; entries: SitemapEntry[] }
  | { kind: 'index'; files: Array<{ path: string; lastmod: Date | null }> }

/** The path of the `part`-th sitemap file (from 1) of a site too large for one. */
export function sitemapFilePath(part: number): string {
  return `/sitemaps/${part}.xml`
}

/**
 * A document of the sitemap (issue #11 §1, issue #35 §1): every public address of the site with
 * its last change (`lastmod`: an article's last save or its publication, whichever came later —
 * `articleLastChange`; page configurations have `modifie_le`; categories, artworks, seasons and
 * episodes their creation, decision 023). Up to `maxUrls` addresses /sitemap.xml lists them all
 * (`part` null); beyond, /sitemap.xml is an index of the files {@link sitemapFilePath}(1…N), each
 * listing `maxUrls` addresses at most (sitemaps.org protocol). Auction, sign-in and back-office
 * addresses are never listed. A file reads only its own rows (a window per section); the counts
 * and listing pages are cached with the site's data, and so is each document
 * (app/services/site-data-cache.server.ts: cleared by every back-office write).
 *
 * @param part - null for /sitemap.xml, else the file's number (≥ 1).
 * @param maxUrls - addresses per file (default {@link SITEMAP_MAX_URLS}; tests pass a small one).
 * @returns the document, or null when `part` names no file (the route answers 404).
 * @throws the database error when a query fails.
 */
export async function getSitemapDocument(
  part: number | null,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<SitemapDocument | null> {
  const plan = await sitemapPlan()
  const fileCount = plan.total > maxUrls ? Math.ceil(plan.total / maxUrls) : 0
  if (part === null) {
    if (fileCount === 0) return { kind: 'urlset', entries: await readEntries(plan, 0, maxUrls) }
    const lastmod = latest(...plan.pages.map((page) => page.lastmod))
    return {
      kind: 'index',
      files: Array.from({ length: fileCount }, (_, index) => ({ path: sitemapFilePath(index + 1), lastmod })),
    }
  }
  if (part < 1 || part > fileCount) return null
  return { kind: 'urlset', entries: await readEntries(plan, (part - 1) * maxUrls, maxUrls) }
}

/**
 * The XML of /sitemap.xml (`part` null) or of one sitemap file ({@link getSitemapDocument}):
 * a `<urlset>` or a `<sitemapindex>` with absolute addresses. Kept with the site's data until the
 * next write (one entry per file: a bounded number, app/services/site-data-cache.server.ts).
 *
 * @param siteUrl - the site's absolute address without trailing slash (`SITE_URL`).
 * @param part - null for /sitemap.xml, else the file's number (≥ 1).
 * @param maxUrls - addresses per file (default {@link SITEMAP_MAX_URLS}).
 * @returns the XML, or null when `part` names no file.
 * @throws the database error when a query fails.
 */
export function getSitemapXml(
  siteUrl: string,
  part: number | null,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  return cachedSiteData(`sitemap:${siteUrl}:${maxUrls}:${part ?? 0}`, async () => {
    const document = await getSitemapDocument(part, maxUrls)
    if (!document) return null
    return document.kind === 'urlset'
      ? sitemapXml(siteUrl, document.entries)
      : sitemapIndexXml(siteUrl, document.files)
  })
}
