import { type PageInfo, pageWindow } from '#app/lib/pagination'

/** One page of a list as a service returns it: its items and where it stands in the list. */
export type ListPage<T> = { items: T[]; info: PageInfo }

/**
 * Reads one page of a list (issue #35 §1): the list's size and the page's rows, in two queries run
 * together, so the cost of a page does not depend on the list's length (an OFFSET over an index).
 *
 * @param page - the page asked for (≥ 1, from `parsePageParam`).
 * @param pageSize - rows per page (≥ 1).
 * @param count - counts the rows of the whole list.
 * @param rows - reads `limit` rows from `offset` (0-based), in the list's order.
 * @returns the page, or null when `page` is past the last page (page 1 of an empty list exists).
 * @throws what `count` or `rows` throw.
 */
export async function readPage<T>(
  page: number,
  pageSize: number,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<ListPage<T> | null> {
  const { limit, offset } = pageWindow(page, pageSize, 0)
  const [total, items] = await Promise.all([count(), rows(limit, offset)])
  const window = pageWindow(page, pageSize, total)
  return window.exists ? { items, info: window.info } : null
}
