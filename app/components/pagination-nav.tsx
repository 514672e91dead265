import { Link } from 'react-router'
import { type PageInfo, pageHref, pageNumbers } from '#app/lib/pagination'

/**
 * Numbered links between the pages of a list (issue #35 §1, §2): « Précédent », the page numbers
 * (first, last and the neighbours of the current one, gaps shown « … »), « Suivant », and
 * « Page {n} sur {total} ». Plain links: they work without JavaScript and search engines follow them.
 * Nothing is drawn for a list of one page.
 *
 * @param info - the page shown and the list's size (from `pageWindow(…).info`).
 * @param pathname - the list's path, e.g. '/blog'.
 * @param search - the current query string or params (filters kept in every link).
 * @param label - the navigation landmark's accessible name.
 */
export function PaginationNav({
  info,
  pathname,
  search,
  label = 'Pagination',
  param,
}: {
  info: PageInfo
  pathname: string
  search: string | URLSearchParams
  label?: string
  /** The page's query parameter (default `page`, see `pageHref`). */
  param?: string
}) {
  if (info.pageCount <= 1) return null
  const params = new URLSearchParams(search)
  const { page, pageCount } = info
  const linkClass =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-sm border px-3 text-sm transition-colors'
  const idle = 'border-gray-300 text-gray-700 hover:border-gray-900 hover:text-gray-900'
  return (
    <nav aria-label={label} className="mt-12 flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link
              to={pageHref(pathname, params, page - 1, param)}
              rel="prev"
              className={`${linkClass} ${idle}`}
            >
              Précédent
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, index) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-gray-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={pageHref(pathname, params, n, param)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                className={`${linkClass} ${n === page ? 'border-gray-900 bg-gray-900 text-white' : idle}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              to={pageHref(pathname, params, page + 1, param)}
              rel="next"
              className={`${linkClass} ${idle}`}
            >
              Suivant
            </Link>
          </li>
        ) : null}
      </ul>
      <p className="text-sm text-gray-600">
        {page >= pageCount
          ? `Dernière page (${pageCount} sur ${pageCount})`
          : `Page ${page} sur ${pageCount}`}
      </p>
    </nav>
  )
}
