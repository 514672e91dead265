import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import type { ArticleFormInput } from '#app/lib/admin/article-schema'
import { htmlToText } from '#app/lib/html-text'
import { sanitizeRichText } from '#app/lib/sanitize.server'
import { parseZonedDateTime } from '#app/lib/time-zone'
import { releaseMedia } from '#app/media/release-media.server'
import { chooseArticleSlug, isUniqueViolation, SLUG_TAKEN_MESSAGE } from './article-slug.server'

/** What saving an article answers: the row's id and slug, or a French refusal with its HTTP status. */
export type SaveArticleResult =
  | { ok: true; id: string; slug: string }
  | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: Record<string, string[]> }

function refuse(field: string, message: string, status: 400 | 409 = 400): SaveArticleResult {
  return { ok: false, status, message, fieldErrors: { [field]: [message] } }
}

/** Whether sanitized HTML still holds visible text. */
function hasText(html: string): boolean {
  return htmlToText(html) !== ''
}

type Prepared =
  | { values: Omit<typeof articles.$inferInsert, 'slug'>; error?: undefined }
  | { error: SaveArticleResult }

/**
 * Turns the validated form into the stored values: contenu sanitized (DESIGN.md §5) and required
 * to keep some text, date_publication read in the site's time zone and set to now when the article
 * is saved as 'publie' without one (back-office spec §4).
 */
function prepare(input: ArticleFormInput, now: Date): Prepared {
  const contenu = sanitizeRichText(input.contenu)
  if (!hasText(contenu)) return { error: refuse('contenu', 'Le contenu est requis') }
  let datePublication: Date | null = null
  if (input.date_publication) {
    datePublication = parseZonedDateTime(input.date_publication, getEnv().SITE_TIMEZONE)
    if (!datePublication) return { error: refuse('date_publication', 'Date de publication invalide') }
  }
  if (input.statut === 'publie' && !datePublication) datePublication = now
  return {
    values: {
      titre: input.titre,
      sous_titre: input.sous_titre,
      extrait: input.extrait,
      contenu,
      image_url: input.image_url,
      statut: input.statut,
      type: input.type,
      date_publication: datePublication,
      tags: [...input.tags],
      affiche: input.affiche,
    },
  }
}

function conflict(error: unknown): SaveArticleResult {
  if (isUniqueViolation(error)) return refuse('slug', SLUG_TAKEN_MESSAGE, 409)
  throw error
}

/**
 * Creates an article (back-office spec §4–§5 "Article"; §7 "articles: insert").
 *
 * @param input - the validated form ({@link ArticleFormInput}).
 * @param authorId - the signed-in administrator's user id (articles.auteur_id).
 * @param executor - database (default) or a caller's transaction.
 * @returns the new id and slug, or a refusal (400 bad content/date/slug, 409 slug taken); nothing
 *   is written on refusal.
 * @throws unexpected database errors.
 */
export async function createArticle(
  input: ArticleFormInput,
  authorId: string,
  executor: Executor = getDb(),
): Promise<SaveArticleResult> {
  const prepared = prepare(input, new Date())
  if (prepared.error) return prepared.error
  try {
    return await executor.transaction(async (tx) => {
      const slug = await chooseArticleSlug(tx, { requested: input.slug, titre: input.titre })
      if (!slug.ok) return refuse('slug', slug.message, 409)
      const [row] = await tx
        .insert(articles)
        .values({ ...prepared.values, slug: slug.slug, auteur_id: authorId })
        .returning({ id: articles.id, slug: articles.slug })
      if (!row) throw new Error('article non inséré')
      return { ok: true as const, id: row.id, slug: row.slug }
    })
  } catch (error) {
    return conflict(error)
  }
}

/**
 * Updates an article (back-office spec §7 "articles: update by id"). An image replaced or removed
 * is released after commit (files no row references are deleted). auteur_id and nombre_vues are kept.
 *
 * @param id - the article's UUID (unknown or malformed → 404).
 * @param input - the validated form.
 * @returns the id and slug, or a refusal (404, 400, 409) that changes nothing.
 * @throws unexpected database errors.
 */
export async function updateArticle(
  id: string,
  input: ArticleFormInput,
  executor: Executor = getDb(),
): Promise<SaveArticleResult> {
  const prepared = prepare(input, new Date())
  if (prepared.error) return prepared.error
  let previousImage: string | null = null
  let result: SaveArticleResult
  try {
    result = await executor.transaction(async (tx) => {
      const [existing] = await tx
        .select({ image_url: articles.image_url })
        .from(articles)
        .where(eq(articles.id, id))
        .for('update')
      if (!existing)
        return { ok: false as const, status: 404 as const, message: "Cet article n'existe plus." }
      previousImage = existing.image_url
      const slug = await chooseArticleSlug(tx, { requested: input.slug, titre: input.titre, excludeId: id })
      if (!slug.ok) return refuse('slug', slug.message, 409)
      await tx
        .update(articles)
        .set({ ...prepared.values, slug: slug.slug })
        .where(eq(articles.id, id))
      return { ok: true as const, id, slug: slug.slug }
    })
  } catch (error) {
    return conflict(error)
  }
  if (result.ok && previousImage && previousImage !== input.image_url) await releaseMedia([previousImage])
  return result
}

/**
 * Deletes an article (back-office spec §7 "articles: delete by id"), then its image file if no
 * other row uses it.
 *
 * @returns true when deleted, false when no article has this id.
 */
export async function deleteArticle(id: string, executor: Executor = getDb()): Promise<boolean> {
  const [row] = await executor
    .delete(articles)
    .where(eq(articles.id, id))
    .returning({ image_url: articles.image_url })
  if (!row) return false
  await releaseMedia([row.image_url])
  return true
}

/**
 * Shows or hides an article with one click (back-office spec §2 "Visibility (affiche) toggles with
 * one click", §7 "update affiche"). Public only if also 'publie' (spec §4).
 *
 * @param id - the article's UUID.
 * @param affiche - the new visibility.
 * @returns true when changed, false when no article has this id.
 */
export async function setArticleVisibility(
  id: string,
  affiche: boolean,
  executor: Executor = getDb(),
): Promise<boolean> {
  const rows = await executor
    .update(articles)
    .set({ affiche })
    .where(eq(articles.id, id))
    .returning({ id: articles.id })
  return rows.length > 0
}
