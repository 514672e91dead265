import { eq, type SQL, sql } from 'drizzle-orm'
import { getDb, queryRows } from '#app/db/client.server'
import { articles, categories, episodesPodcast, evenements, oeuvres, saisonsPodcast } from '#app/db/schema'
import { searchDocument } from '#app/db/schema/search'
import { plainText } from '#app/lib/meta'
import { PAGE_SIZE_SETTINGS } from '#app/lib/page-sizes'
import type { SearchHitKind } from '#app/lib/search'
import { isPublicArticle } from '#app/services/articles/list-published-articles.server'
import { isPublicArtwork } from '#app/services/catalogue/get-public-artwork.server'
import { type ListPage, readPage } from '#app/services/list-page.server'
import { isPublicEpisode } from '#app/services/podcasts/get-podcast-episode.server'

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
 * ignored; quotes, `or` and `-word` as search engines read them). Written inline in each branch,
 * with the configuration as a literal, so each table's GIN index answers (an immutable call on a
 * constant is folded before planning).
 */
function tsQuery(text: string): SQL {
  return sql`websearch_to_tsquery('encre_fr'::regconfig, ${text})`
}

/**
 * The four public kinds, each with its visibility rule — the one its own page uses
 * (`isPublicArtwork`, `isPublicArticle`, `isPublicEpisode`, a displayed event) — its document
 * (`searchDocument`, the expression of its index) and the columns a result shows.
 */
function branches(text: string): SQL[] {
  const query = tsQuery(text)
  const artworkDocument = searchDocument(oeuvres.nom, oeuvres.description, oeuvres.technique)
  const articleDocument = searchDocument(
    articles.titre,
    articles.sous_titre,
    articles.extrait,
    articles.contenu,
  )
  const episodeDocument = searchDocument(
    episodesPodcast.titre,
    episodesPodcast.resume,
    episodesPodcast.description,
  )
  const eventDocument = searchDocument(evenements.titre, evenements.description)
  return [
    sql`select 'oeuvre' as kind, ${oeuvres.id}::text as id, ${oeuvres.nom} as titre, null::text as slug,
        null::integer as annee, left(${oeuvres.description}, ${EXCERPT_SOURCE_CHARS}) as extrait,
        ts_rank_cd(${artworkDocument}, ${query}) as rank
      from ${oeuvres} left join ${categories} on ${eq(categories.id, oeuvres.categorie_id)}
      where ${isPublicArtwork} and ${artworkDocument} @@ ${query}`,
    sql`select 'article', ${articles.id}::text, ${articles.titre}, ${articles.slug}, null::integer,
        ${articles.extrait}, ts_rank_cd(${articleDocument}, ${query})
      from ${articles}
      where ${isPublicArticle} and ${articleDocument} @@ ${query}`,
    sql`select 'episode', ${episodesPodcast.id}::text, ${episodesPodcast.titre}, null::text, null::integer,
        ${episodesPodcast.resume}, ts_rank_cd(${episodeDocument}, ${query})
      from ${episodesPodcast} left join ${saisonsPodcast} on ${eq(saisonsPodcast.id, episodesPodcast.saison_id)}
      where ${isPublicEpisode} and ${episodeDocument} @@ ${query}`,
    sql`select 'evenement', ${evenements.id}::text, ${evenements.titre}, null::text, ${evenements.annee},
        left(${evenements.description}, ${EXCERPT_SOURCE_CHARS}), ts_rank_cd(${eventDocument}, ${query})
      from ${evenements}
      where ${eq(evenements.affiche, true)} and ${eventDocument} @@ ${query}`,
  ]
}

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
 * exclude — best first (`ts_rank_cd`: the title weighs more than the text; ties by title), one page
 * of them. Only what is public is ever found: each kind is filtered by its own pages' rule. Each
 * kind is answered by its GIN index (drizzle/0010), so a search costs the same on a large site.
 *
 * @param text - the query (`normalizeSearchQuery` in app/lib/search.ts); '' or words that are all stop
 *   words (« le », « de ») find nothing.
 * @param page - the page asked for (≥ 1; default 1).
 * @param pageSize - results per page (≥ 1; default the setting's default, 12).
 * @returns the page of results (page 1 of an empty list when nothing matches), or null when
 *   `page` is past the last page.
 * @throws the database error when a query fails.
 */
export async function searchSite(
  text: string,
  page = 1,
  pageSize = PAGE_SIZE_SETTINGS.recherche.fallback,
): Promise<ListPage<SearchHit> | null> {
  const db = getDb()
  const union = sql.join(branches(text), sql` union all `)
  const listed = await readPage(
    page,
    pageSize,
    async () => {
      if (text === '') return 0
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from (${union}) as hits`,
      )
      return Number(row?.n ?? 0)
    },
    (limit, offset) =>
      text === ''
        ? Promise.resolve([])
        : queryRows<HitRow>(
            db,
            sql`select kind, id, titre, slug, annee, extrait from (${union}) as hits
              order by rank desc, titre asc, id asc limit ${limit} offset ${offset}`,
          ),
  )
  if (!listed) return null
  return {
    info: listed.info,
    items: listed.items.map((row) => ({
      kind: row.kind,
      id: row.id,
      titre: row.titre,
      href: hrefOf(row),
      extrait: plainText(row.extrait) || null,
    })),
  }
}
