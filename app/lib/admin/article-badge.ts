import { ARTICLE_STATUT_LABELS, type ArticleStatut } from '#app/lib/admin/article-schema'
import { formatDateTime } from '#app/lib/format'

/** The badge of an article's card: its words and its colours (AA contrast). */
export type ArticleBadge = { label: string; className: string }

const STATUT_STYLES: Record<ArticleStatut, string> = {
  brouillon: 'bg-amber-100 text-amber-900',
  publie: 'bg-green-100 text-green-900',
  archive: 'bg-gray-200 text-gray-800',
}

/**
 * The statut badge of an article in the back-office (back-office spec §2 "Articles"; issue #36 §6):
 * 'Brouillon', 'Publié' (green) or 'Archivé' — except a published article whose publication date
 * is still to come, which no visitor sees yet: 'Programmé · {date and time}' in blue, never the
 * green 'Publié'.
 *
 * @param article.statut - 'brouillon' | 'publie' | 'archive'.
 * @param article.isScheduled - published with a publication date in the future (the server's clock).
 * @param article.date_publication - the publication instant (ISO string or Date), or null.
 * @param timeZone - IANA zone the date is written in (SITE_TIMEZONE).
 * @returns the badge's label and classes.
 */
export function articleBadge(
  article: { statut: ArticleStatut; isScheduled: boolean; date_publication: string | Date | null },
  timeZone: string,
): ArticleBadge {
  if (article.isScheduled && article.date_publication)
    return {
      label: `Programmé · ${formatDateTime(article.date_publication, timeZone)}`,
      className: 'bg-sky-100 text-sky-900',
    }
  return { label: ARTICLE_STATUT_LABELS[article.statut], className: STATUT_STYLES[article.statut] }
}
