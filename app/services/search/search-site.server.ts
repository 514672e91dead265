import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { getDb, queryRows } from '#app/db/client.server'
import { articles, categories, episodesPodcast, evenements, oeuvres, saisonsPodcast } from '#app/db/schema'
import { searchColumn, searchTitleColumn } from '#app/db/schema/search'
import { plainText } from '#app/lib/meta'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import { pageWindow } from '#app/lib/pagination'
import type { SearchHitKind } from '#app/lib/search'
import { isPublicArticle } from '#app/services/articles/list-published-articles.server'
import { isPublicArtwork } from '#app/services/catalogue/get-public-artwork.server'
import type { ListPage } from '#app/services/list-page.server'
import { isPublicEpisode } from '#app/services/podcasts/get-podcast-episode.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'

/** One search result as /recherche shows it. */
export type SearchHit = {
  kind: SearchHitKind
  id: string
  titre: string
  /** Where it is shown on the site, e.g. '/portfolio/oeuvre/{id}', '/parcours?annee=2024'. */
  href: string
  /** Plain text under the title (at most 160 characters), or null. */
  extrait: string | null
}

/**
 * Matches counted at most: past them the page says « Plus de 1 000 résultats » and its pages stop
 * there. Counting stops early — a word found in 6,339 rows at 100× was counted in 10 ms on the
 * embedded database, up to the cap in 2 ms.
 */
export const COUNT_CAP = 1_000

/** A page of results; `more`: more than {@link COUNT_CAP} matched (`info.total` is then the cap). */
export type SearchPage = ListPage<SearchHit> & { more: boolean }

/** Characters of a description read for a result's excerpt (cut again to 160 as plain text). */
const EXCERPT_SOURCE_CHARS = 600

type HitRow = {
  kind: SearchHitKind
  id: string
  titre: string
  slug: string | null
  annee: number | null
  extrait: string | null
}

/**
 * The query's French full-text form: `websearch_to_tsquery` in `encre_fr` (stemming, accents
 * ignored; quotes, `or` and `-word` as search engines read them).
 */
function tsQuery(text: string): SQL {
  return sql`websearch_to_tsquery('encre_fr'::regconfig, ${text})`
}

/**
 * How well a row's title matches: `ts_rank_cd` over the title's own document (its words at weight
 * D, counted 1) — the same value as over the whole document with every weight but the title's at
 * 0, without reading the whole document; a match in the text alone ranks 0, after every match in a
 * title.
 */
function titleRank(table: PgTable, query: SQL): SQL {
  return sql`ts_rank_cd('{1, 0, 0, 0}'::float4[], ${searchTitleColumn(table)}, ${query})`
}

/**
 * The four public kinds, each with its visibility rule — the one its own page uses
 * (`isPublicArtwork`, `isPublicArticle`, `isPublicEpisode`, a displayed event) — and its stored
 * document (`searchColumn`, GIN-indexed): the kind, id, title and title rank of every match, no
 * more (what a result shows is read for the page's rows only, {@link detailsOf}).
 */
function branches(text: string): SQL[] {
  const query = tsQuery(text)
  const matches = (table: PgTable) => sql`${searchColumn(table)} @@ ${query}`
  return [
    sql`select 'oeuvre' as kind, ${oeuvres.id} as id, ${oeuvres.nom} as titre, ${titleRank(oeuvres, query)} as rank
      from ${oeuvres} left join ${categories} on ${eq(categories.id, oeuvres.categorie_id)}
      where ${isPublicArtwork} and ${matches(oeuvres)}`,
    sql`select 'article', ${articles.id}, ${articles.titre}, ${titleRank(articles, query)}
      from ${articles}
      where ${isPublicArticle} and ${matches(articles)}`,
    sql`select 'episode', ${episodesPodcast.id}, ${episodesPodcast.titre}, ${titleRank(episodesPodcast, query)}
      from ${episodesPodcast} left join ${saisonsPodcast} on ${eq(saisonsPodcast.id, episodesPodcast.saison_id)}
      where ${isPublicEpisode} and ${matches(episodesPodcast)}`,
    sql`select 'evenement', ${evenements.id}, ${evenements.titre}, ${titleRank(evenements, query)}
      from ${evenements}
      where ${eq(evenements.affiche, true)} and ${matches(evenements)}`,
  ]
}

/**
 * What a result shows beside its title, joined to the page's rows (`page`: kind, id) by primary
 * key: the article's slug, the event's year, and the excerpt's source text.
 */
const detailsOf = sql`left join ${oeuvres} on page.kind = 'oeuvre' and ${oeuvres.id} = page.id
  left join ${articles} on page.kind = 'article' and ${articles.id} = page.id
  left join ${episodesPodcast} on page.kind = 'episode' and ${episodesPodcast.id} = page.id
  left join ${evenements} on page.kind = 'evenement' and ${evenements.id} = page.id`

function hrefOf(row: HitRow): string {
  switch (row.kind) {
    case 'oeuvre':
      return `/portfolio/oeuvre/${row.id}`
    case 'article':
      return `/blog/${row.slug ?? ''}`
    case 'episode':
      return `/podcasts/episode/${row.id}`
    case 'evenement':
      return row.annee === null ? '/parcours' : `/parcours?annee=${row.annee}`
  }
}

/**
 * The public search (issue #35 §3): the artworks, articles, podcast episodes and timeline events
 * a visitor may see whose French full text matches `text` — words stemmed (« peintures » finds
 * « peinture »), accents and case ignored (« ete » finds « été »), quotes for a phrase, `-word` to
 * exclude — best first, one page of them. Ranked by the title (`ts_rank_cd` over the title's own
 * document: a match in the title first, then by how well the title matches; ties and matches in
 * the text alone by title). Only what is public is ever found: each kind is filtered by its own
 * pages' rule. Matches are counted up to {@link COUNT_CAP} (`more` past it). Answers are kept in
 * the site-data cache (bounded, emptied by every back-office write); the excerpts are read for the
 * page's rows only. A word found in 6,339 rows at 100× costs about 15 ms warm on the embedded
 * database (drizzle/0019: documents kept in their rows, titles ranked alone); a repeated search
 * nothing.
 *
 * @param text - the query (`normalizeSearchQuery` in app/lib/search.ts); '' or words that are all stop
 *   words (« le », « de ») find nothing.
 * @param page - the page asked for (≥ 1; default 1).
 * @param pageSize - results per page (≥ 1; default the setting's default, 12).
 * @returns the page of results and `more` (page 1 of an empty list when nothing matches), or
 *   null when `page` is past the last page (past the last page of the first COUNT_CAP matches).
 * @throws the database error when a query fails.
 */
export async function searchSite(
  text: string,
  page = 1,
  pageSize = PAGE_SIZE_SETTINGS.recherche.fallback,
): Promise<SearchPage | null> {
  return cachedSiteData(`recherche:${pageSize}:${page}:${text}`, () => search(text, page, pageSize))
}

async function search(text: string, page: number, pageSize: number): Promise<SearchPage | null> {
  if (text === '') {
    const empty = pageWindow(page, pageSize, 0)
    return empty.exists ? { items: [], info: empty.info, more: false } : null
  }
  const union = sql.join(branches(text), sql` union all `)
  // One statement, two scans: the page (a top-N sort of the ranked matches, within the first
  // COUNT_CAP) and the matches counted up to COUNT_CAP + 1. One scan with a window count
  // (`count(*) over ()`) kept every match in a tuplestore: 31 ms for a word found in 6,339 rows at
  // 100× on the embedded database, 15 ms so. The count's row is always there: a page past the end
  // has a count and no hit.
  const { limit, offset } = pageWindow(page, pageSize, 0)
  const rows = await queryRows<
    Omit<HitRow, 'kind'> & { kind: HitRow['kind'] | null; total: number | string }
  >(
    getDb(),
    sql`with page as (
        select kind, id, titre, rank from (${union}) as hits
        order by rank desc, titre asc, id asc limit ${Math.max(0, Math.min(limit, COUNT_CAP - offset))} offset ${offset}),
      found as (select count(*) as total from (select from (${union}) as hits limit ${COUNT_CAP + 1}) as capped)
      select found.total, page.kind, page.id::text as id, page.titre, ${articles.slug} as slug,
        ${evenements.annee} as annee,
        coalesce(left(${oeuvres.description}, ${EXCERPT_SOURCE_CHARS}), ${articles.extrait},
          ${episodesPodcast.resume}, left(${evenements.description}, ${EXCERPT_SOURCE_CHARS})) as extrait
      from found left join page on true ${detailsOf}
      order by page.rank desc, page.titre asc, page.id asc`,
  )
  const found = Number(rows[0]?.total ?? 0)
  const window = pageWindow(page, pageSize, Math.min(found, COUNT_CAP))
  if (!window.exists) return null
  const hits = rows.filter((row): row is HitRow & { total: number | string } => row.kind !== null)
  return {
    info: window.info,
    more: found > COUNT_CAP,
    items: hits.map((row) => ({
      kind: row.kind,
      id: row.id,
      titre: row.titre,
      href: hrefOf(row),
      extrait: plainText(row.extrait) || null,
    })),
  }
}
