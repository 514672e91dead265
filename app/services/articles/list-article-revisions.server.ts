import { desc, eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { articles, revisionsArticles, user } from '#app/db/schema'
import { type ArticleContent, describeArticleChanges, type FieldChange } from '#app/lib/article-diff'
import { isUuid } from '#app/lib/ids'
import type { ImageData } from '#app/lib/images'
import { resolveImages } from '#app/media/resolve-images.server'

/** A content of an article — a previous one or the current one — as the back-office shows it. */
export type ArticleVersion = ArticleContent & {
  /** When this content was saved (ISO 8601). */
  modifie_le: string
  /** Who saved it: the person's name, null when unknown (saved before this was kept, or deleted). */
  auteur: string | null
  /**
   * What this save changed from the content before it (issue #36 §2), [] for a save of the
   * publication alone; null for the oldest content kept (nothing older to compare with).
   */
  changes: FieldChange[] | null
  image: ImageData | null
}

/** A previous content of an article (issue #11 §3); `cree_le` is when a save replaced it (ISO 8601). */
export type ArticleRevision = ArticleVersion & { id: string; cree_le: string }

/** The article's current content, as its versions list shows it first. */
export type ArticleCurrentVersion = ArticleVersion

/** The columns of a content and of who saved it, an article's or a revision's. */
function contentOf<Table extends typeof articles | typeof revisionsArticles>(table: Table) {
  return {
    titre: table.titre,
    sous_titre: table.sous_titre,
    extrait: table.extrait,
    contenu: table.contenu,
    image_url: table.image_url,
    tags: table.tags,
    type: table.type,
    modifie_le: table.modifie_le,
    modifie_par: table.modifie_par,
  }
}

/** A content as read, with when and by whom it was saved. */
type SavedContent = ArticleContent & { modifie_le: Date; modifie_par: string | null }

/** The columns naming who saved a content. */
const editorColumns = { name: user.name, prenom: user.prenom, nom: user.nom }

/** A person's name as the list shows it: first name and name, else the account's name. */
function editorName(
  editor: { name: string; prenom: string | null; nom: string | null } | null,
): string | null {
  if (!editor) return null
  return [editor.prenom, editor.nom].filter(Boolean).join(' ').trim() || editor.name
}

/**
 * The current content of an article and its kept previous ones, newest first (issue #11 §3: the
 * last 20; issue #36 §2: each says who saved it and what that save changed from the one before).
 *
 * @param articleId - the article's UUID (a malformed one has none).
 * @returns `current` (null for an unknown article) and `revisions`, images resolved; for an
 *   unknown article, no revisions.
 */
export async function listArticleRevisions(
  articleId: string,
  executor: Executor = getDb(),
): Promise<{ current: ArticleCurrentVersion | null; revisions: ArticleRevision[] }> {
  if (!isUuid(articleId)) return { current: null, revisions: [] }
  const [currentRows, revisionRows] = await Promise.all([
    executor
      .select({ content: contentOf(articles), editor: editorColumns })
      .from(articles)
      .leftJoin(user, eq(user.id, articles.modifie_par))
      .where(eq(articles.id, articleId)),
    executor
      .select({
        id: revisionsArticles.id,
        cree_le: revisionsArticles.cree_le,
        content: contentOf(revisionsArticles),
        editor: editorColumns,
      })
      .from(revisionsArticles)
      .leftJoin(user, eq(user.id, revisionsArticles.modifie_par))
      .where(eq(revisionsArticles.article_id, articleId))
      .orderBy(desc(revisionsArticles.cree_le), desc(revisionsArticles.modifie_le)),
  ])
  const found = currentRows[0]
  if (!found) return { current: null, revisions: [] }
  const images = await resolveImages([
    found.content.image_url,
    ...revisionRows.map((row) => row.content.image_url),
  ])
  const version = (
    { modifie_par: _, ...content }: SavedContent,
    editor: typeof found.editor,
    older: ArticleContent | undefined,
  ): ArticleVersion => ({
    ...content,
    modifie_le: content.modifie_le.toISOString(),
    auteur: editorName(editor),
    changes: older ? describeArticleChanges(older, content) : null,
    image: content.image_url ? (images.get(content.image_url) ?? null) : null,
  })
  return {
    current: version(found.content, found.editor, revisionRows[0]?.content),
    revisions: revisionRows.map((row, index) => ({
      id: row.id,
      cree_le: row.cree_le.toISOString(),
      ...version(row.content, row.editor, revisionRows[index + 1]?.content),
    })),
  }
}
