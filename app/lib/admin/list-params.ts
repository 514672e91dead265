import { parsePageParam } from '#app/lib/pagination'

/**
 * The query of a back-office list (issue #35 §2): `?q=` the search, `?tri=` the sort, `?page=` the
 * page. Read the same way on every screen, in the loader and in the browser; the screens' GET
 * forms write them, so a list works without JavaScript and its address can be shared.
 */

/** The query parameter of the search box. */
export const SEARCH_PARAM = 'q'
/** The query parameter of the sort. */
export const SORT_PARAM = 'tri'
/** Longest search kept, in characters (longer input is cut, never refused). */
const MAX_SEARCH_LENGTH = 100

/** A sort of a back-office list: its `?tri=` value and its French label. */
export type ListSortOption<Sort extends string> = { value: Sort; label: string }

/** The sorts every list offers (issue #35 §2: "sort by date and by name"). */
export const DATE_SORT = { value: 'date', label: 'Plus récents' } as const
export const NAME_SORT = { value: 'nom', label: 'Nom (A → Z)' } as const
/** The sort of lists the artist orders by hand (`ordre`). */
export const ORDER_SORT = { value: 'ordre', label: 'Ordre d’affichage' } as const

/** The sorts of a list the artist orders by hand: display order (default), name, newest. */
export const ORDERED_LIST_SORTS = [ORDER_SORT, NAME_SORT, DATE_SORT] as const
export type OrderedListSort = (typeof ORDERED_LIST_SORTS)[number]['value']

/** The sorts of a list of dated rows: newest (default), name. */
export const DATED_LIST_SORTS = [DATE_SORT, NAME_SORT] as const
export type DatedListSort = (typeof DATED_LIST_SORTS)[number]['value']

/** The sorts of an auction's bids (issue #35 §2): highest first (default), newest, bidder's name. */
export const BID_SORTS = [
  { value: 'montant', label: 'Montant' },
  DATE_SORT,
  { value: 'nom', label: 'Participant' },
] as const
export type BidSort = (typeof BID_SORTS)[number]['value']

/** What a list's address asks for. */
export type ListParams<Sort extends string> = {
  /** The page, from 1 (a malformed `?page=` reads as 1; past the end, the service shows the last). */
  page: number
  /** The search, trimmed, spaces collapsed, at most 100 characters; '' for none. */
  q: string
  /** The sort, one of the screen's options (the first when absent or unknown). */
  sort: Sort
}

/**
 * Reads `?q=`, `?tri=` and `?page=` of a back-office list. Never throws: a malformed page reads
 * as page 1, an unknown sort as the screen's default (the first option).
 *
 * @param searchParams - the request's query.
 * @param sorts - the screen's sorts, default first (at least one).
 * @returns see {@link ListParams}.
 */
export function parseListParams<Sort extends string>(
  searchParams: URLSearchParams,
  sorts: ReadonlyArray<ListSortOption<Sort>>,
): ListParams<Sort> {
  const q = (searchParams.get(SEARCH_PARAM) ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH)
  const asked = searchParams.get(SORT_PARAM)
  const sort = sorts.find((option) => option.value === asked)?.value ?? (sorts[0]?.value as Sort)
  return { page: parsePageParam(searchParams) ?? 1, q, sort }
}
