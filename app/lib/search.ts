/** The public search's query and results (issue #35 §3), shared by its page and its service. */

/** What a search result is: an artwork, an article, a podcast episode or a timeline event. */
export type SearchHitKind = 'oeuvre' | 'article' | 'episode' | 'evenement'

/** The longest query read, in characters (a longer one is cut): a search stays a few words. */
export const MAX_SEARCH_LENGTH = 200

/**
 * Reads a search query: trimmed, cut to {@link MAX_SEARCH_LENGTH} characters.
 *
 * @param value - `?q=` as given, or null.
 * @returns the text to search, '' for none.
 */
export function normalizeSearchQuery(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim()
}
