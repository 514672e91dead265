import type { ArticleFormInput } from '#app/lib/admin/article-schema'
import type { ArticleDetail, ArticlePreviewState } from '#app/lib/article-types'
import { readingTimeMinutes } from '#app/lib/format'
import { isUuid } from '#app/lib/ids'
import { slugify } from '#app/lib/slug'
import { resolveImage } from '#app/media/resolve-images.server'
import { prepareArticle } from './save-article.server'

/**
 * An article as the editor holds it now, before it is saved (issue #36 §2: "preview the unsaved
 * form"): the form's fields read as a save reads them ({@link prepareArticle}: the content
 * sanitized, the date in the site's time zone), shown as the article page shows an article, and
 * where it would stand for a visitor once saved. Nothing is written; no view is counted.
 *
 * @param articleId - the article's UUID when it exists ('nouveau' or anything else for a new one).
 * @param input - the editor's fields, validated by the article form's schema.
 * @param now - the server's clock.
 * @returns the article ({@link ArticleDetail}) and its {@link ArticlePreviewState}.
 * @throws UseCaseError invalid: no text in the content, or a bad date (nothing to show).
 */
export async function previewArticleDraft(
  articleId: string,
  input: ArticleFormInput,
  now = new Date(),
): Promise<{ article: ArticleDetail; state: ArticlePreviewState }> {
  const values = prepareArticle(input, now)
  const date = values.date_publication ?? null
  const state: ArticlePreviewState =
    input.statut !== 'publie'
      ? input.statut
      : !input.affiche
        ? 'masque'
        : date && date.getTime() > now.getTime()
          ? 'programme'
          : 'publie'
  return {
    state,
    article: {
      id: isUuid(articleId) ? articleId : '',
      slug: input.slug || slugify(input.titre) || 'article',
      titre: input.titre,
      sous_titre: values.sous_titre?.trim() || null,
      extrait: values.extrait?.trim() || null,
      contenu: values.contenu,
      tags: [...input.tags],
      type: input.type,
      date_publication: date ? date.toISOString() : null,
      nombre_vues: 0,
      image: await resolveImage(values.image_url ?? null),
      readingMinutes: readingTimeMinutes(values.contenu),
    },
  }
}
