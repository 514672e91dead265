import { and, desc, eq, getTableColumns, notInArray } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { articles, MAX_ARTICLE_REVISIONS, revisionsArticles } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import type { ArticleFormInput } from '#app/lib/admin/article-schema'
import { isSameArticleContent } from '#app/lib/article-diff'
import { readingTimeMinutes } from '#app/lib/format'
import { isUuid } from '#app/lib/ids'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { parseZonedDateTime } from '#app/lib/time-zone'
import { conflict, notFound, refused } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'
import { deleteRowWithImage, type RowCommands, setRowFlag } from '#app/services/rows.server'
import { chooseArticleSlug, isUniqueViolation, SLUG_TAKEN_MESSAGE } from './article-slug.server'
import { announcePublicationScheduleChanged } from './scheduled-publications.server'

/** A saved article: its id and slug. */
export type SavedArticle = { id: string; slug: string }

/** What the screen says when the article it works on was deleted meanwhile. */
export const ARTICLE_GONE = "Cet article n'existe plus."

/** A refusal of one field: its message in the toast and beside the field. */
function refuse(field: string, message: string) {
  return refused(message, { [field]: [message] })
}

/**
 * Turns the validated form into the stored values: contenu sanitized (DESIGN.md §5) and required
 * to keep some text, date_publication read in the site's time zone and set to now when the article
 * is saved as 'publie' without one (back-office spec §4). The preview of unsaved changes reads the
 * form the same way (issue #36 §2).
 *
 * @throws UseCaseError invalid: no text in the content, or a bad date.
 */
export function prepareArticle(
  input: ArticleFormInput,
  now: Date,
): Omit<typeof articles.$inferInsert, 'slug'> {
  const contenu = sanitizeOptionalRichText(input.contenu)
  if (contenu === null) throw refuse('contenu', 'Le contenu est requis')
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
  const values = prepareArticle(input, new Date())
  try {
    return await executor.transaction(async (tx) => {
      const slug = await chooseArticleSlug(tx, { requested: input.slug, titre: input.titre })
      if (!slug.ok) throw conflict(slug.message, { slug: [slug.message] })
      const [row] = await tx
        .insert(articles)
        .values({
          ...values,
          minutes_lecture: readingTimeMinutes(values.contenu),
          slug: slug.slug,
          auteur_id: authorId,
          modifie_par: authorId,
        })
        .returning({ id: articles.id, slug: articles.slug })
      if (!row) throw new Error('article non inséré')
      return row
    })
  } catch (error) {
    return slugConflict(error)
  } finally {
    announcePublicationScheduleChanged()
  }
}

/** The columns of an article a revision keeps (its content: not its slug nor its publication). */
const revisionColumns = {
  titre: articles.titre,
  sous_titre: articles.sous_titre,
  extrait: articles.extrait,
  contenu: articles.contenu,
  image_url: articles.image_url,
  tags: articles.tags,
  type: articles.type,
  modifie_le: articles.modifie_le,
  modifie_par: articles.modifie_par,
}

const sameInstant = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null)

/**
 * Replaces an article's fields in one transaction, keeping its previous content as a revision
 * (issue #11 §3: each save keeps the previous content, the last {@link MAX_ARTICLE_REVISIONS}).
 * A save that changes no content keeps no revision (issue #36 §2), and one that changes nothing
 * at all writes nothing. Then releases the images no row or revision references any more: the
 * replaced image (kept while a revision shows it) and those of revisions dropped beyond the limit.
 *
 * @param editorId - who saves (user id): the new content's `modifie_par`.
 */
async function replaceArticle(
  id: string,
  values: ReturnType<typeof prepareArticle>,
  requestedSlug: string,
  editorId: string | null,
  executor: Executor,
): Promise<SavedArticle> {
  const released: Array<string | null> = []
  let result: SavedArticle
  try {
    result = await executor.transaction(async (tx) => {
      const [found] = await tx
        .select({
          ...revisionColumns,
          slug: articles.slug,
          statut: articles.statut,
          affiche: articles.affiche,
          date_publication: articles.date_publication,
        })
        .from(articles)
        .where(eq(articles.id, id))
        .for('update')
      if (!found) throw notFound(ARTICLE_GONE)
      const { slug: storedSlug, statut, affiche, date_publication, ...existing } = found
      const slug = await chooseArticleSlug(tx, {
        requested: requestedSlug,
        titre: values.titre,
        excludeId: id,
      })
      if (!slug.ok) throw conflict(slug.message, { slug: [slug.message] })
      const next = {
        ...values,
        sous_titre: values.sous_titre ?? null,
        extrait: values.extrait ?? null,
        image_url: values.image_url ?? null,
        tags: values.tags ?? [],
        type: values.type ?? existing.type,
      }
      if (isSameArticleContent(existing, next)) {
        const isSamePublication =
          slug.slug === storedSlug &&
          values.statut === statut &&
          values.affiche === affiche &&
          sameInstant(values.date_publication, date_publication)
        if (!isSamePublication)
          await tx
            .update(articles)
            .set({
              slug: slug.slug,
              statut: values.statut,
              affiche: values.affiche,
              date_publication: values.date_publication,
            })
            .where(eq(articles.id, id))
        return { id, slug: slug.slug }
      }
      await tx.insert(revisionsArticles).values({ ...existing, article_id: id })
      const dropped = await tx
        .delete(revisionsArticles)
        .where(
          and(
            eq(revisionsArticles.article_id, id),
            notInArray(
              revisionsArticles.id,
              tx
                .select({ id: revisionsArticles.id })
                .from(revisionsArticles)
                .where(eq(revisionsArticles.article_id, id))
                .orderBy(desc(revisionsArticles.cree_le), desc(revisionsArticles.modifie_le))
                .limit(MAX_ARTICLE_REVISIONS),
            ),
          ),
        )
        .returning({ image_url: revisionsArticles.image_url })
      released.push(existing.image_url, ...dropped.map((row) => row.image_url))
      await tx
        .update(articles)
        .set({
          ...values,
          minutes_lecture: readingTimeMinutes(values.contenu),
          slug: slug.slug,
          modifie_par: editorId,
        })
        .where(eq(articles.id, id))
      return { id, slug: slug.slug }
    })
  } catch (error) {
    return slugConflict(error)
  }
  announcePublicationScheduleChanged()
  await releaseMedia(released.filter((url) => url !== values.image_url))
  return result
}

/**
 * Updates an article (back-office spec §7 "articles: update by id"), keeping the previous content
 * as a revision when the content changed (issue #11 §3, issue #36 §2: a save that changes nothing
 * keeps none). An image replaced or removed is released after commit (files no row or revision
 * references are deleted). auteur_id and nombre_vues are kept.
 *
 * @param id - the article's UUID.
 * @param input - the validated form.
 * @param editorId - the signed-in administrator's user id (who saved: articles.modifie_par).
 * @returns the id and slug.
 * @throws UseCaseError not-found, invalid or conflict (as {@link createArticle}), nothing changed;
 *   unexpected database errors.
 */
export function updateArticle(
  id: string,
  input: ArticleFormInput,
  editorId: string | null,
  executor: Executor = getDb(),
): Promise<SavedArticle> {
  return replaceArticle(id, prepareArticle(input, new Date()), input.slug, editorId, executor)
}

/** What the screen says when the revision to restore was dropped meanwhile. */
export const REVISION_GONE = "Cette version de l'article n'existe plus."

/**
 * Restores a previous content of an article (issue #11 §3): its title, subtitle, excerpt,
 * content, image, tags and type come back; its slug, statut, visibility and publication date stay.
 * Restoring is itself a save: the content it replaces becomes a revision.
 *
 * @param articleId - the article's UUID.
 * @param revisionId - one of its revisions (revisions_articles.id).
 * @param editorId - the signed-in administrator's user id (who restored: articles.modifie_par).
 * @returns the id and slug.
 * @throws UseCaseError not-found when the article or this revision of it is gone (nothing changed).
 */
export async function restoreArticleRevision(
  articleId: string,
  revisionId: string,
  editorId: string | null,
  executor: Executor = getDb(),
): Promise<SavedArticle> {
  if (!isUuid(articleId) || !isUuid(revisionId)) throw notFound(REVISION_GONE)
  const [revision] = await executor
    .select({ ...getTableColumns(revisionsArticles), current: articles })
    .from(revisionsArticles)
    .innerJoin(articles, eq(articles.id, revisionsArticles.article_id))
    .where(and(eq(revisionsArticles.id, revisionId), eq(revisionsArticles.article_id, articleId)))
  if (!revision) throw notFound(REVISION_GONE)
  const { current } = revision
  return replaceArticle(
    articleId,
    {
      titre: revision.titre,
      sous_titre: revision.sous_titre,
      extrait: revision.extrait,
      contenu: revision.contenu,
      image_url: revision.image_url,
      tags: revision.tags,
      type: revision.type,
      statut: current.statut,
      affiche: current.affiche,
      date_publication: current.date_publication,
    },
    current.slug,
    editorId,
    executor,
  )
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
export async function setArticleVisibility(id: string, affiche: boolean, executor?: Executor): Promise<void> {
  await setRowFlag(articles, id, { affiche }, ARTICLE_GONE, executor)
  // A scheduled article shown or hidden moves the next publication to wait for.
  announcePublicationScheduleChanged()
}

/**
 * The article screen's use cases (back-office spec §4, §7 "articles"), for its `rowIntents`.
 *
 * @param authorId - the signed-in administrator's user id: a new article's auteur_id, and who
 *   saved each content (modifie_par).
 */
export function articleRows(authorId: string): RowCommands<ArticleFormInput> {
  return {
    create: async (article) => (await createArticle(article, authorId)).id,
    update: (id, article) => updateArticle(id, article, authorId),
    remove: deleteArticle,
    setVisibility: setArticleVisibility,
  }
}
