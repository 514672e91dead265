import { type PublicList, pageSizeOf } from '#app/lib/page-sizes'
import type { PageName } from '#app/lib/pages'
import { requirePageParam } from '#app/lib/pagination'
import type { ListPage } from '#app/services/list-page.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'

/**
 * What the loader of a public page made of its configuration and one list in pages reads
 * (/portfolio, /podcasts, /atelier; issue #35 §1): the page's configuration (banner or hero) and
 * the page `?page=N` of the list, as many items as the list's page-size setting.
 *
 * @param request - the page's request (its `?page=`).
 * @param pageName - the pages_config entry of the banner ('categories', 'podcasts', 'atelier').
 * @param list - the list, for its page-size setting ({@link pageSizeOf}).
 * @param read - reads one page of the list: `(page ≥ 1, pageSize ≥ 1)` → the page, or null past
 *   the last one.
 * @returns `{ page, items, info, search }`: the configuration, the page's items, its PageInfo and
 *   the query string kept in the page links.
 * @throws a 404 Response for a page past the last one or a malformed `?page=`; the database error
 *   when a query fails.
 */
export async function loadConfiguredListPage<T>(
  request: Request,
  pageName: PageName,
  list: PublicList,
  read: (page: number, pageSize: number) => Promise<ListPage<T> | null>,
) {
  const searchParams = new URL(request.url).searchParams
  const requested = requirePageParam(searchParams)
  const [page, settings] = await Promise.all([getPageContent(pageName), getSiteSettings()])
  const listed = await read(requested, pageSizeOf(settings, list))
  if (!listed) throw new Response(null, { status: 404 })
  return { page, items: listed.items, info: listed.info, search: searchParams.toString() }
}
