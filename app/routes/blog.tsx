import { data } from 'react-router'
import { ArticleCardList } from '#app/components/blog/article-card'
import { ArticleTypeFilter } from '#app/components/blog/article-type-filter'
import { PageBanner } from '#app/components/page-banner'
import { PaginationNav } from '#app/components/pagination-nav'
import { ARTICLE_TYPE_LABELS, parseArticleTypeFilter } from '#app/lib/article-types'
import { configuredPageMeta } from '#app/lib/meta'
import { pageSizeOf } from '#app/lib/page-sizes'
import { requirePageParam } from '#app/lib/pagination'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { listBlogArticles } from '#app/services/articles/list-published-articles.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import type { Route } from './+types/blog'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export const meta: Route.MetaFunction = (args) =>
  configuredPageMeta(args, 'blog', undefined, args.loaderData?.activeType ? 1 : args.loaderData?.info.page)

/**
 * /blog (public spec §2; issue #35 §1): page configuration 'blog' and one page of the public
 * articles, newest first, optionally filtered by `?type=` (kept in the page links), as many per
 * page as the setting `taille_page_blog`. An unknown type answers 400 with the unfiltered list and
 * a notice; a page past the last one or a malformed `?page=` answers the 404 page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams
  const filter = parseArticleTypeFilter(searchParams.get('type'))
  const activeType = filter.kind === 'type' ? filter.type : null
  const requested = requirePageParam(searchParams)
  const [page, settings] = await Promise.all([getPageContent('blog'), getSiteSettings()])
  const listing = await listBlogArticles({
    type: activeType ?? undefined,
    page: requested,
    pageSize: pageSizeOf(settings, 'blog'),
  })
  if (!listing) throw new Response(null, { status: 404 })
  const payload = {
    page,
    articles: listing.articles,
    info: listing.info,
    search: searchParams.toString(),
    types: listing.types,
    activeType,
    isUnknownType: filter.kind === 'unknown',
  }
  if (filter.kind === 'unknown') return data(payload, { status: 400 })
  if (listing.failed) return data(payload, { status: 503 })
  return payload
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { page, articles, info, search, types, activeType, isUnknownType } = loaderData

  return (
    <>
      <PageBanner page={page} />
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        {types.length > 1 || activeType ? (
          <div className="border-y border-gray-200 py-5">
            <ArticleTypeFilter types={types} active={activeType} />
          </div>
        ) : null}
        {isUnknownType ? (
          <p
            role="alert"
            className="mt-6 rounded-sm border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
          >
            Ce type d'article n'existe pas. Tous les articles sont affichés.
          </p>
        ) : null}
        {articles.length === 0 ? (
          <p className="py-20 text-center text-gray-500 italic">
            {activeType
              ? `Aucun article de type « ${ARTICLE_TYPE_LABELS[activeType]} » pour le moment.`
              : "Aucun article n'est disponible pour le moment."}
          </p>
        ) : (
          <ArticleCardList
            articles={articles}
            className="mt-10 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3"
            variant="blog"
            headingLevel="h2"
            imageSizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          />
        )}
        <PaginationNav info={info} pathname="/blog" search={search} label="Pages des articles" />
      </div>
    </>
  )
}
