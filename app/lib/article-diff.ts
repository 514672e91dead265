import { diffWordsWithSpace } from 'diff'
import { htmlToText } from './html-text'

/** The content of an article that its revisions keep (issue #11 §3), as compared. */
export type ArticleContent = {
  titre: string
  sous_titre: string | null
  extrait: string | null
  contenu: string
  image_url: string | null
  tags: readonly string[]
  type: string
}

/** The French name of each field of an {@link ArticleContent}, in the form's order. */
export const ARTICLE_CONTENT_LABELS: Record<keyof ArticleContent, string> = {
  titre: 'Titre',
  sous_titre: 'Sous-titre',
  extrait: 'Extrait',
  contenu: 'Contenu',
  image_url: 'Image',
  tags: 'Étiquettes',
  type: 'Type',
}

/** The fields whose words are counted when they change. */
const TEXT_FIELDS = new Set<keyof ArticleContent>(['titre', 'sous_titre', 'extrait', 'contenu'])

/** One field a save changed: its French name and, for a text, the words added and removed. */
export type FieldChange = { field: keyof ArticleContent; label: string; added?: number; removed?: number }

/** A piece of a text diff: unchanged, added or removed text (spaces kept). */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string }

/**
 * The text a reader sees of an article's field, paragraphs kept: each block of the rich text
 * (paragraph, heading, list item, quote, line break) on its own line, tags removed, entities
 * decoded, spaces collapsed. A plain field (title, excerpt) gives its text.
 */
export function readableText(html: string | null | undefined): string {
  return (html ?? '')
    .split(/<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/i)
    .map((block) => htmlToText(block))
    .filter(Boolean)
    .join('\n')
}

/** How many words a piece of text holds (letters and digits, apostrophes and hyphens inside). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0
}

/**
 * The word-by-word difference from `before` to `after` (jsdiff's `diffWordsWithSpace`, issue #36
 * §2: spaces and line breaks are pieces too, so the pieces put back together give each text
 * exactly), in reading order; both are plain texts ({@link readableText} for rich text).
 */
export function diffText(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }))
}

/** The words added and removed between two plain texts. */
export function countChangedWords(before: string, after: string): { added: number; removed: number } {
  let added = 0
  let removed = 0
  for (const part of diffText(before, after)) {
    if (part.kind === 'added') added += countWords(part.text)
    else if (part.kind === 'removed') removed += countWords(part.text)
  }
  return { added, removed }
}

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item, index) => item === b[index])
    : (a ?? '') === (b ?? '')

/**
 * What a save changed in an article's content (issue #36 §2): each field that differs, in the
 * form's order, with the words added and removed for a text (a rich text's words as a reader sees
 * them). An empty field and a missing one are the same.
 *
 * @returns [] when nothing changed.
 */
export function describeArticleChanges(before: ArticleContent, after: ArticleContent): FieldChange[] {
  const changes: FieldChange[] = []
  for (const field of Object.keys(ARTICLE_CONTENT_LABELS) as Array<keyof ArticleContent>) {
    if (same(before[field], after[field])) continue
    const label = ARTICLE_CONTENT_LABELS[field]
    if (!TEXT_FIELDS.has(field)) {
      changes.push({ field, label })
      continue
    }
    const words = countChangedWords(
      readableText(before[field] as string | null),
      readableText(after[field] as string | null),
    )
    changes.push({ field, label, ...words })
  }
  return changes
}

/** Whether two contents are the same ({@link describeArticleChanges} finds nothing). */
export function isSameArticleContent(before: ArticleContent, after: ArticleContent): boolean {
  return (Object.keys(ARTICLE_CONTENT_LABELS) as Array<keyof ArticleContent>).every((field) =>
    same(before[field], after[field]),
  )
}

/**
 * A change as a French phrase: 'Titre', 'Contenu (+12 mots, −3 mots)', 'Étiquettes'; a text
 * whose words did not change (punctuation, spacing, formatting) reads 'Contenu (mise en forme)'.
 */
export function changeText(change: FieldChange): string {
  if (change.added === undefined || change.removed === undefined) return change.label
  const parts = [
    change.added > 0 ? `+${change.added} mot${change.added > 1 ? 's' : ''}` : null,
    change.removed > 0 ? `−${change.removed} mot${change.removed > 1 ? 's' : ''}` : null,
  ].filter(Boolean)
  return `${change.label} (${parts.length > 0 ? parts.join(', ') : 'mise en forme'})`
}
