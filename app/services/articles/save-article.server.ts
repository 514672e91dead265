import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import type { ArticleFormInput } from '#app/lib/admin/article-schema'
import { htmlToText } from '#app/lib/html-text'
import { sanitizeRichText } from '#app/lib/sanitize.server'
import { parseZonedDateTime } from '#app/lib/time-zone'
import { conflict, notFound, refused } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { deleteRowWithImage, setRowFlag } from '#app/services/rows.server'
import { chooseArticleSlug, isUniqueViolation, SLUG_TAKEN_MESSAGE } from './article-slug.server'

/** A saved article: its id and slug. */
export type SavedArticle = { id: string; slug: string }

/** What the screen says when the article it works on was deleted meanwhile. */
export const ARTICLE_GONE = "Cet article n'existe plus."

/** A refusal of one field: its message in the toast and beside the field. */
function refuse(field: string, message: string) {
  return refused(message, { [field]: [message] })
}

/** Whether sanitized HTML still holds visible text. */
function hasText(html: string): boolean {
  return htmlToText(html) !== ''
}

/**
 * Turns the validated form into the stored values: contenu sanitized (DESIGN.md §5) and required
 * to keep some text, date_publication read in the site's time zone and set to now when the article
 * is saved as 'publie' without one (back-office spec §4).
 */
function prepare(input: ArticleFormInput, now: Date): Omit<typeof articles.$inferInsert, 'slug'> {
  const contenu = sanitizeRichText(input.contenu)
  if (!hasText(contenu)) throw refuse('contenu', 'Le contenu est requis')
  let datePublication: Date | null = null
  if (input.date_publication) {
    datePublication = parseZonedDateTime(input.date_publication, getEnv().SITE_TIMEZONE)
    if (!datePublication) throw refuse('date_publication', 'Date de publication invalide')
  }
  if (input.statut === 'publie' && !datePublication) datePublication = now
  return {
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
  }
}

/** A slug taken by a concurrent save (the unique index decides) as the 'slug taken' conflict. */
function slugConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN_MESSAGE, { slug: [SLUG_TAKEN_MESSAGE] })
  throw error
}

/**
 * Creates an article (back-office spec §4–§5 "Article"; §7 "articles: insert").
 *
 * @param input - the validated form ({@link ArticleFormInput}).
 * @param authorId - the signed-in administrator's user id (articles.auteur_id).
 * @param executor - database (default) or a caller's transaction.
 * @returns the new id and slug.
 * @throws UseCaseError invalid (no text in the content, a bad date, a bad slug) or conflict (slug
 *   taken), nothing written; unexpected database errors.
 */
export async function createArticle(
  input: ArticleFormInput,
  authorId: string,
  executor: Executor = getDb(),
): Promise<SavedArticle> {
  const values = prepare(input, new Date())
  try {
    return await executor.transaction(async (tx) => {
      const slug = await chooseArticleSlug(tx, { requested: input.slug, titre: input.titre })
      if (!slug.ok) throw conflict(slug.message, { slug: [slug.message] })
      const [row] = await tx
        .insert(articles)
        .values({ ...values, slug: slug.slug, auteur_id: authorId })
        .returning({ id: articles.id, slug: articles.slug })
      if (!row) throw new Error('article non inséré')
      return row
    })
  } catch (error) {
    return slugConflict(error)
  }
}

/**
 * Updates an article (back-office spec §7 "articles: update by id"). An image replaced or removed
 * is released after commit (files no row references are deleted). auteur_id and nombre_vues are kept.
 *
 * @param id - the article's UUID.
 * @param input - the validated form.
 * @returns the id and slug.
 * @throws UseCaseError not-found, invalid or conflict (as {@link createArticle}), nothing changed;
 *   unexpected database errors.
 */
export async function updateArticle(
  id: string,
  input: ArticleFormInput,
  executor: Executor = getDb(),
): Promise<SavedArticle> {
  const values = prepare(input, new Date())
  let previousImage: string | null = null
  let result: SavedArticle
  try {
    result = await executor.transaction(async (tx) => {
      const [existing] = await tx
        .select({ image_url: articles.image_url })
        .from(articles)
        .where(eq(articles.id, id))
        .for('update')
      if (!existing) throw notFound(ARTICLE_GONE)
      previousImage = existing.image_url
      const slug = await chooseArticleSlug(tx, { requested: input.slug, titre: input.titre, excludeId: id })
      if (!slug.ok) throw conflict(slug.message, { slug: [slug.message] })
      await tx
        .update(articles)
        .set({ ...values, slug: slug.slug })
        .where(eq(articles.id, id))
      return { id, slug: slug.slug }
    })
  } catch (error) {
    return slugConflict(error)
  }
  if (previousImage && previousImage !== input.image_url) await releaseMedia([previousImage])
  return result
}

/**
 * Deletes an article (back-office spec §7 "articles: delete by id"), then its image file if no
 * other row uses it.
 *
 * @throws UseCaseError not-found when no article has this id.
 */
export async function deleteArticle(id: string, executor?: Executor): Promise<void> {
  await deleteRowWithImage(articles, id, ARTICLE_GONE, executor)
}

/**
 * Shows or hides an article with one click (back-office spec §2 "Visibility (affiche) toggles with
 * one click", §7 "update affiche"). Public only if also 'publie' (spec §4).
 *
 * @param id - the article's UUID.
 * @param affiche - the new visibility.
 * @throws UseCaseError not-found when no article has this id.
 */
export function setArticleVisibility(id: string, affiche: boolean, executor?: Executor): Promise<void> {
  return setRowFlag(articles, id, { affiche }, ARTICLE_GONE, executor)
}
