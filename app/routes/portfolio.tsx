import { PageBanner } from '#app/components/page-banner'
import { PaginationNav } from '#app/components/pagination-nav'
import { CategoryCard } from '#app/components/portfolio/category-card'
import { PortfolioError } from '#app/components/portfolio/portfolio-error'
import { configuredPageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { listPublicCategories } from '#app/services/catalogue/list-public-categories.server'
import type { Route } from './+types/portfolio'
import { loadConfiguredListPage } from './configured-list-page.server'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export const meta: Route.MetaFunction = (args) =>
  configuredPageMeta(args, 'categories', undefined, args.loaderData?.info.page)

/**
 * /portfolio (public spec §2; issue #35 §1): the 'categories' page configuration and one page of
 * the displayed categories (`?page=N`, as many as the setting `taille_page_portfolio`); a page past
 * the last one or a malformed `?page=` answers the 404 page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { items, ...listed } = await loadConfiguredListPage(
    request,
    'categories',
    'portfolio',
    listPublicCategories,
  )
  return { ...listed, categories: items }
}

export default function Portfolio({ loaderData }: Route.ComponentProps) {
  const { page, categories, info, search } = loaderData
  return (
    <>
      <PageBanner page={page} />
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
        {categories.length === 0 ? (
          <p className="border-y border-stone-200 py-16 text-center text-stone-600">
            Aucune catégorie n'est disponible pour le moment.
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3 lg:gap-x-10">
            {categories.map((category) => (
              <CategoryCard key={category.id} category={category} />
            ))}
          </ul>
        )}
        <PaginationNav info={info} pathname="/portfolio" search={search} label="Pages des catégories" />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <PortfolioError />
}
