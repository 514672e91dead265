import { Link } from 'react-router'
import { EmptyState } from '#app/components/empty-state'
import { PaginationNav } from '#app/components/pagination-nav'
import { privatePageMeta } from '#app/lib/meta'
import { pageSizeOf } from '#app/lib/page-sizes'
import { countLabel, requirePageParam } from '#app/lib/pagination'
import { MAX_SEARCH_LENGTH, normalizeSearchQuery, type SearchHitKind } from '#app/lib/search'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { searchSite } from '#app/services/search/search-site.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import type { Route } from './+types/recherche'

/** Content and a GET form only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

/** Results pages are kept out of search engines (noindex): they only repeat the site's pages. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const query = loaderData?.query ?? ''
  const page = loaderData?.results?.info.page ?? 1
  const title = query ? `Recherche : « ${query} »${page > 1 ? ` — page ${page}` : ''}` : 'Recherche'
  return privatePageMeta(
    matches,
    title,
    'Rechercher parmi les œuvres, les articles, les podcasts et le parcours.',
  )
}

/**
 * /recherche?q=… (issue #35 §3): the public search over artworks, articles, podcast episodes and
 * timeline events, French full text, best first, as many per page as the setting
 * `taille_page_recherche` (`&page=N`, the query kept in the page links). Without a query, the form
 * alone. A page past the last one or a malformed `?page=` answers the 404 page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams
  const query = normalizeSearchQuery(searchParams.get('q'))
  const requested = requirePageParam(searchParams)
  if (query === '') {
    if (requested > 1) throw new Response(null, { status: 404 })
    return { query, results: null, search: '' }
  }
  const settings = await getSiteSettings()
  const results = await searchSite(query, requested, pageSizeOf(settings, 'recherche'))
  if (!results) throw new Response(null, { status: 404 })
  return { query, results, search: new URLSearchParams({ q: query }).toString() }
}

/** The French name of each kind of result, shown above its title. */
const KIND_LABELS: Record<SearchHitKind, string> = {
  oeuvre: 'Œuvre',
  article: 'Article',
  episode: 'Épisode de podcast',
  evenement: 'Parcours',
}

export default function Recherche({ loaderData }: Route.ComponentProps) {
  const { query, results, search } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 lg:px-8">
      <h1 className="font-title text-3xl font-bold text-gray-900 sm:text-4xl">Recherche</h1>
      <search>
        <form method="get" action="/recherche" className="mt-6 flex flex-col gap-3 sm:flex-row">
          <label htmlFor="recherche-q" className="sr-only">
            Rechercher sur le site
          </label>
          <input
            id="recherche-q"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Une œuvre, un article, un épisode…"
            className="min-h-11 w-full min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 text-base text-gray-900 placeholder:text-gray-500 focus:border-gray-900 focus:outline-none"
          />
          <button type="submit" className="btn min-h-11">
            Rechercher
          </button>
        </form>
      </search>
      {results === null ? (
        <p className="mt-10 text-gray-600">
          Saisissez un ou plusieurs mots pour chercher parmi les œuvres, les articles, les épisodes de podcast
          et le parcours.
        </p>
      ) : results.info.total === 0 ? (
        <EmptyState className="mt-10">
          {`Aucun résultat pour « ${query} ». Vérifiez l’orthographe ou essayez d’autres mots.`}
        </EmptyState>
      ) : (
        <>
          <p className="mt-8 text-sm text-gray-600" aria-live="polite">
            {`${results.more ? 'Plus de ' : ''}${countLabel(results.info.total, 'résultat', 'résultats')} pour « ${query} »`}
          </p>
          <ol className="mt-6 divide-y divide-gray-200 border-y border-gray-200">
            {results.items.map((hit) => (
              <li key={`${hit.kind}-${hit.id}`} className="py-5">
                <p className="text-xs uppercase tracking-[0.18em] text-gray-500">{KIND_LABELS[hit.kind]}</p>
                <h2 className="mt-1 text-lg font-semibold text-gray-900">
                  <Link to={hit.href} className="hover:underline hover:underline-offset-4">
                    {hit.titre}
                  </Link>
                </h2>
                {hit.extrait ? <p className="mt-1 text-gray-600">{hit.extrait}</p> : null}
              </li>
            ))}
          </ol>
          <PaginationNav
            info={results.info}
            pathname="/recherche"
            search={search}
            label="Pages des résultats"
          />
        </>
      )}
    </div>
  )
}
