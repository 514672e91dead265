import { eq, max, type SQL } from 'drizzle-orm'
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
import { articleLastChange, isPublicArticle } from '#app/services/articles/list-published-articles.server'
import { shownInShownGroup } from '#app/services/rows.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'

/** One address of the sitemap: its path on the site and when its content last changed. */
export type SitemapEntry = { path: string; lastmod: Date | null }

/** The latest of several instants (nulls ignored), or null. */
function latest(...dates: ReadonlyArray<Date | null | undefined>): Date | null {
  const known = dates.filter((date): date is Date => date instanceof Date)
  return known.length > 0 ? new Date(Math.max(...known.map((date) => date.getTime()))) : null
}

/** The newest value of `column` among the rows of `table` matching `where` (visible rows). */
async function newest(table: PgTable, column: AnyPgColumn, where: SQL | undefined): Promise<Date | null> {
  const [row] = await getDb()
    .select({ at: max(column) })
    .from(table)
    .where(where)
  return (row?.at as Date | null | undefined) ?? null
}

/**
 * Every public address of the site for /sitemap.xml (issue #11 §1): the home page and the
 * listing pages of pages_config (portfolio, parcours, podcasts, blog, contact, atelier, legal
 * notice), then each visible category, artwork, article, season and episode, by the same rules as
 * their pages (public spec §4 and the services that load them: an artwork of a hidden category, an
 * episode of a hidden season, an article that is a draft, hidden or not yet published by
 * `isPublicArticle` never appear). Auction, sign-in and back-office addresses are never listed.
 *
 * `lastmod`: an article's last save or its publication, whichever came later (`articleLastChange`:
 * a scheduled article appears after its last save); page configurations have `modifie_le`; the
 * other tables only `cree_le` (decision 023), so a category, artwork, season or episode counts
 * from its creation. A listing page's is the latest of its configuration and of what it lists.
 * Cached with the site's data until the next write (app/services/site-data-cache.server.ts).
 *
 * @returns the entries: the listing pages first, then categories, artworks, articles, seasons, episodes.
 * @throws the database error when a query fails.
 */
export function listSitemapEntries(): Promise<SitemapEntry[]> {
  return cachedSiteData('sitemap', readSitemapEntries)
}

async function readSitemapEntries(): Promise<SitemapEntry[]> {
  const db = getDb()
  const visibleArtwork = shownInShownGroup(
    { shown: oeuvres.affichee, group: oeuvres.categorie_id },
    categories.affichee,
  )
  const visibleEpisode = shownInShownGroup(
    { shown: episodesPodcast.publie, group: episodesPodcast.saison_id },
    saisonsPodcast.affichee,
  )
  const [pages, articleRows, categoryRows, artworkRows, seasonRows, episodeRows, eventsAt, photosAt] =
    await Promise.all([
      db.select({ name: pagesConfig.page_name, at: pagesConfig.modifie_le }).from(pagesConfig),
      db
        .select({ slug: articles.slug, at: articleLastChange })
        .from(articles)
        .where(isPublicArticle)
        .orderBy(articleLastChange),
      db
        .select({ id: categories.id, at: categories.cree_le })
        .from(categories)
        .where(eq(categories.affichee, true))
        .orderBy(categories.ordre),
      db
        .select({ id: oeuvres.id, at: oeuvres.cree_le })
        .from(oeuvres)
        .leftJoin(categories, eq(categories.id, oeuvres.categorie_id))
        .where(visibleArtwork)
        .orderBy(oeuvres.cree_le),
      db
        .select({ id: saisonsPodcast.id, at: saisonsPodcast.cree_le })
        .from(saisonsPodcast)
        .where(eq(saisonsPodcast.affichee, true))
        .orderBy(saisonsPodcast.ordre),
      db
        .select({ id: episodesPodcast.id, at: episodesPodcast.cree_le })
        .from(episodesPodcast)
        .leftJoin(saisonsPodcast, eq(saisonsPodcast.id, episodesPodcast.saison_id))
        .where(visibleEpisode)
        .orderBy(episodesPodcast.cree_le),
      newest(evenements, evenements.cree_le, eq(evenements.affiche, true)),
      newest(photosAtelier, photosAtelier.cree_le, eq(photosAtelier.affichee, true)),
    ])
  const configured = new Map(pages.map((page) => [page.name, page.at]))
  const newestOf = (rows: ReadonlyArray<{ at: Date }>) => latest(...rows.map((row) => row.at))
  const listed: Record<PageName, Date | null> = {
    accueil: newestOf(articleRows),
    categories: latest(newestOf(categoryRows), newestOf(artworkRows)),
    parcours: eventsAt,
    podcasts: latest(newestOf(seasonRows), newestOf(episodeRows)),
    blog: newestOf(articleRows),
    contact: null,
    atelier: photosAt,
    'mentions-legales': null,
  }
  return [
    ...PAGE_NAMES.map((name) => ({
      path: PAGE_DEFAULTS[name].url,
      lastmod: latest(configured.get(name), listed[name]),
    })),
    ...categoryRows.map((row) => ({ path: `/portfolio/categorie/${row.id}`, lastmod: row.at })),
    ...artworkRows.map((row) => ({ path: `/portfolio/oeuvre/${row.id}`, lastmod: row.at })),
    ...articleRows.map((row) => ({ path: `/blog/${row.slug}`, lastmod: row.at })),
    ...seasonRows.map((row) => ({ path: `/podcasts/saison/${row.id}`, lastmod: row.at })),
    ...episodeRows.map((row) => ({ path: `/podcasts/episode/${row.id}`, lastmod: row.at })),
  ]
}
