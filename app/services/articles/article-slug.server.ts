import { and, eq, like, ne, or } from 'drizzle-orm'
import type { Executor } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { normalizeTypedSlug } from '#app/lib/admin/article-schema'
import { slugify } from '#app/lib/slug'

/** Longest slug stored: /blog/{slug} accepts at most 200 characters (app/lib/slug.ts isSlug). */
const MAX_SLUG = 200

/** A slug too long is cut at its last hyphen before `max` characters (or hard at `max`). */
function truncate(slug: string, max: number): string {
  if (slug.length <= max) return slug
  const cut = slug.slice(0, max)
  const hyphen = cut.lastIndexOf('-')
  return (hyphen > 0 ? cut.slice(0, hyphen) : cut).replace(/-+$/, '')
}

export type SlugResult = { ok: true; slug: string } | { ok: false; message: string }

/** The French refusal of a slug typed by the admin that another article already has. */
export const SLUG_TAKEN_MESSAGE =
  'Ce slug est déjà utilisé par un autre article. Choisissez-en un autre ou laissez le champ vide.'

/**
 * Chooses the slug of an article being saved (back-office spec §5; docs/decisions/005-article-slugs.md):
 * - a slug typed by the admin is normalised like a title (hyphens kept as word separators); if another article has it, it is
 *   refused with {@link SLUG_TAKEN_MESSAGE} (the admin chose it on purpose: we never change it);
 * - an empty slug derives from the title (accents folded first), and when another article has it
 *   the first free suffix -2, -3 … is appended; a title without letters or digits gives 'article'.
 *
 * @param executor - database or transaction.
 * @param options.requested - the slug field as posted (may be '').
 * @param options.titre - the article's title.
 * @param options.excludeId - the article being updated (its own slug is not a conflict).
 * @returns the slug to store, or a French refusal.
 */
export async function chooseArticleSlug(
  executor: Executor,
  options: { requested: string; titre: string; excludeId?: string },
): Promise<SlugResult> {
  const others = options.excludeId ? ne(articles.id, options.excludeId) : undefined
  if (options.requested.trim() !== '') {
    const slug = truncate(normalizeTypedSlug(options.requested), MAX_SLUG)
    if (!slug) return { ok: false, message: 'Le slug doit contenir au moins une lettre ou un chiffre.' }
    const [taken] = await executor
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.slug, slug), others))
      .limit(1)
    return taken ? { ok: false, message: SLUG_TAKEN_MESSAGE } : { ok: true, slug }
  }
  const base = truncate(slugify(options.titre), MAX_SLUG - 6) || 'article'
  const rows = await executor
    .select({ slug: articles.slug })
    .from(articles)
    .where(and(or(eq(articles.slug, base), like(articles.slug, `${base}-%`)), others))
  const taken = new Set(rows.map((row) => row.slug))
  if (!taken.has(base)) return { ok: true, slug: base }
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`
    if (!taken.has(candidate)) return { ok: true, slug: candidate }
  }
}

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
