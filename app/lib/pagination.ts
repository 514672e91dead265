/**
 * Pages of a list (issue #35 §1, §2): one reading of `?page=`, one computation of a page's window,
 * one way to write a page's address. Shared by the public lists (/blog, a category, /atelier,
 * /parcours, /podcasts) and the back-office lists, in the browser and on the server.
 */

/** The query parameter that names a page; page 1 is the address without it. */
export const PAGE_PARAM = 'page'

/** The highest page number read from an address: beyond it the address is malformed. */
const MAX_PAGE = 1_000_000

/**
 * What `?page=` asks for: a page number, or `null` when the value is malformed (`0`, `-1`, `abc`,
 * `1.5`, `01`, over a million). An absent or empty parameter is page 1.
 *
 * @param searchParams - the request's query, e.g. `new URL(request.url).searchParams`.
 * @param param - the parameter's name (default `page`).
 * @returns the page number (≥ 1), or `null` for a malformed value (the caller answers its fallback).
 */
export function parsePageParam(searchParams: URLSearchParams, param: string = PAGE_PARAM): number | null {
  const value = searchParams.get(param)
  if (value === null || value === '') return 1
  if (!/^[1-9]\d{0,6}$/.test(value)) return null
  const page = Number(value)
  return page <= MAX_PAGE ? page : null
}

/** One page of a list, as a loader returns it and {@link PaginationNav} shows it. */
export type PageInfo = {
  /** The page shown, from 1. */
  page: number
  /** Rows per page (≥ 1). */
  pageSize: number
  /** Rows in the whole list (all pages). */
  total: number
  /** Pages in the list: at least 1, even for an empty list. */
  pageCount: number
}

/**
 * The window of rows of `page`: `limit` and `offset` for SQL, and whether the page exists.
 *
 * @param page - the page asked for (≥ 1, from {@link parsePageParam}).
 * @param pageSize - rows per page (≥ 1; a lower value counts as 1).
 * @param total - rows in the whole list (≥ 0).
 * @returns `{ limit, offset, info, exists }`: `exists` is false for a page past the last one (page 1
 *   always exists, empty or not).
 */
export function pageWindow(
  page: number,
  pageSize: number,
  total: number,
): { limit: number; offset: number; info: PageInfo; exists: boolean } {
  const size = Math.max(1, Math.floor(pageSize))
  const pageCount = Math.max(1, Math.ceil(Math.max(0, total) / size))
  return {
    limit: size,
    offset: (page - 1) * size,
    info: { page, pageSize: size, total: Math.max(0, total), pageCount },
    exists: page >= 1 && page <= pageCount,
  }
}

/**
 * The address of `page` of the list at `pathname`, keeping the other query parameters (filters,
 * search) in their order: page 1 drops `page`, so it has one address (its canonical URL).
 *
 * @param pathname - the list's path, e.g. '/blog'.
 * @param searchParams - the current query (not changed).
 * @param page - the page to link to (≥ 1).
 * @param param - the query parameter of the page (default `page`; a screen with two lists names
 *   the second's, e.g. `abonnes_page`).
 * @returns a path with its query, e.g. '/blog?type=actualite&page=2'.
 */
export function pageHref(
  pathname: string,
  searchParams: URLSearchParams,
  page: number,
  param: string = PAGE_PARAM,
): string {
  const next = new URLSearchParams(searchParams)
  next.delete(param)
  if (page > 1) next.set(param, String(page))
  const query = next.toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * The page numbers to link to around `page`: the first, the last, and `around` on each side of
 * the current one; `null` marks a gap (shown as « … »). E.g. page 6 of 20 → 1 … 5 6 7 … 20.
 *
 * @param page - the current page (1 … pageCount).
 * @param pageCount - pages in the list (≥ 1).
 * @param around - neighbours on each side (default 1).
 */
export function pageNumbers(page: number, pageCount: number, around = 1): Array<number | null> {
  const shown = new Set<number>([1, pageCount])
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pageCount) shown.add(n)
  const sorted = [...shown].sort((a, b) => a - b)
  const numbers: Array<number | null> = []
  let previous = 0
  for (const n of sorted) {
    if (n - previous === 2) numbers.push(n - 1)
    else if (n - previous > 2) numbers.push(null)
    numbers.push(n)
    previous = n
  }
  return numbers
}

/**
 * A count in French with its noun, spaces between thousands: `countLabel(3015, 'œuvre', 'œuvres')`
 * → « 3 015 œuvres », `countLabel(1, …)` → « 1 œuvre », `countLabel(0, …)` → « 0 œuvre ».
 *
 * @param count - a whole number ≥ 0.
 * @param singular - the noun for 0 and 1 (French rule).
 * @param plural - the noun from 2 on.
 */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count >= 2 ? plural : singular}`
}

const COUNT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })

/**
 * A whole number the French way, non-breaking spaces between thousands: 1600470 → « 1 600 470 »
 * (the same on the server and in every browser: Intl's narrow space replaced).
 *
 * @param count - a number; rounded to a whole one.
 */
export function formatCount(count: number): string {
  return COUNT.format(count).replace(/\u202f|\u00a0/g, '\u00a0')
}

/**
 * The page a public list's address asks for, or its fallback (issue #35 §1): a malformed
 * `?page=` (`0`, `abc`, `1.5`…) is a page that does not exist, answered like a page past the end
 * — the 404 page — never page 1 under a second address nor a 500.
 *
 * @param searchParams - the request's query.
 * @returns the page number (≥ 1).
 * @throws a 404 `Response` for a malformed value (the root error boundary shows the 404 page).
 */
export function requirePageParam(searchParams: URLSearchParams): number {
  const page = parsePageParam(searchParams)
  if (page === null) throw new Response(null, { status: 404 })
  return page
}

/**
 * The canonical path of `page` of a list (issue #35 §1): `pathname` for page 1, `pathname?page=N`
 * after it, no other parameter (filters and tracking parameters never count).
 *
 * @param pathname - the list's path, e.g. '/blog'.
 * @param page - the page shown (≥ 1).
 */
export function canonicalPagePath(pathname: string, page: number): string {
  return pageHref(pathname, new URLSearchParams(), page)
}
