import type { ImageData } from '#app/lib/images'

/** An article type as stored in articles.type (back-office spec §4; app/services/db-unions.ts checks it). */
export type ArticleType = 'article' | 'tutorial' | 'news' | 'inspiration' | 'technique'

/**
 * French labels of the article types, in the order the /blog filter shows them
 * (back-office spec §4: article=Article, tutorial=Tutoriel, news=Actualité, inspiration, technique).
 */
export const ARTICLE_TYPE_LABELS = {
  article: 'Article',
  tutorial: 'Tutoriel',
  news: 'Actualité',
  inspiration: 'Inspiration',
  technique: 'Technique',
} as const satisfies Record<ArticleType, string>

/** The tag that marks an article as featured on the home page (public spec §3). */
export const FEATURED_TAG = 'A la une'

/** Whether a value is one of the five stored article types. */
export function isArticleType(value: string): value is ArticleType {
  return Object.hasOwn(ARTICLE_TYPE_LABELS, value)
}

/** The result of reading the `?type=` filter of /blog. */
export type ArticleTypeFilter = { kind: 'all' } | { kind: 'type'; type: ArticleType } | { kind: 'unknown' }

/**
 * Reads the `type` query parameter of /blog (public spec §2): absent or empty → every type;
 * one of the stored types → that type; anything else → 'unknown' (the page answers 400).
 */
export function parseArticleTypeFilter(value: string | null): ArticleTypeFilter {
  if (value === null || value.trim() === '') return { kind: 'all' }
  const trimmed = value.trim()
  return isArticleType(trimmed) ? { kind: 'type', type: trimmed } : { kind: 'unknown' }
}

/** Sorts types in the label order above (stable filter buttons whatever the database returns). */
export function sortArticleTypes(types: ReadonlyArray<ArticleType>): ArticleType[] {
  const order = Object.keys(ARTICLE_TYPE_LABELS)
  return [...new Set(types)].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

/** What an article card shows (public spec §2 home and /blog). */
export type ArticleCard = {
  id: string
  slug: string
  titre: string
  extrait: string | null
  tags: string[]
  type: ArticleType
  /** ISO 8601 instant, or null when the article has no publication date. */
  date_publication: string | null
  image: ImageData | null
  /** Estimated reading time in minutes (public spec §5: 1 min per 1000 characters, rounded up). */
  readingMinutes: number
}

/** An article as /blog/{slug} shows it (public spec §2 /blog/{slug}). */
export type ArticleDetail = {
  id: string
  slug: string
  titre: string
  sous_titre: string | null
  extrait: string | null
  /** Sanitized rich-text HTML (sanitized on write, DESIGN.md §5). */
  contenu: string
  tags: string[]
  type: ArticleType
  /** ISO 8601 instant, or null. */
  date_publication: string | null
  nombre_vues: number
  image: ImageData | null
  /** Estimated reading time in minutes (public spec §5). */
  readingMinutes: number
}

/**
 * Where an article stands for a visitor, as its preview's banner says it (issue #11 §3): a
 * draft, archived, hidden, scheduled for later, or public now.
 */
export type ArticlePreviewState = 'brouillon' | 'archive' | 'masque' | 'programme' | 'publie'

/** The address of an article's preview (issue #11 §3), for administrators only. */
export function articlePreviewPath(articleId: string): string {
  return `/blog/apercu/${articleId}`
}

/**
 * Where the editor posts its unsaved fields to preview them (issue #36 §2): the article's
 * preview address, or `/blog/apercu/nouveau` for an article not created yet.
 */
export function draftPreviewPath(articleId: string | undefined): string {
  return articlePreviewPath(articleId ?? 'nouveau')
}

/** The address of an article's private share link (issue #36 §2), `token` made by the server. */
export function articleSharePath(token: string): string {
  return `/blog/partage/${token}`
}
