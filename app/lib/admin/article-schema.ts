import { z } from 'zod'
import { ARTICLE_TYPE_LABELS, type ArticleType } from '#app/lib/article-types'
import { slugify } from '#app/lib/slug'
import { checkbox, optionalImageUrl, optionalText, repeated, rowSchemas } from './form-fields'
import { successToasts } from './row-toasts'

/** The statuts of articles.statut (app/services/db-unions.ts checks they match). */
export type ArticleStatut = 'brouillon' | 'publie' | 'archive'

/** Article statuts with their French labels (back-office spec §4: brouillon by default). */
export const ARTICLE_STATUT_LABELS = {
  brouillon: 'Brouillon',
  publie: 'Publié',
  archive: 'Archivé',
} as const satisfies Record<ArticleStatut, string>

const STATUTS = Object.keys(ARTICLE_STATUT_LABELS) as [ArticleStatut, ...ArticleStatut[]]
const TYPES = Object.keys(ARTICLE_TYPE_LABELS) as [ArticleType, ...ArticleType[]]

/** Limits of the article form (characters; tags per article). */
export const ARTICLE_LIMITS = {
  titre: 300,
  sousTitre: 300,
  extrait: 1000,
  slug: 200,
  tag: 50,
  tags: 20,
} as const

/**
 * Normalises a slug typed by the admin with the title rule ({@link slugify}), hyphens and
 * underscores counting as spaces: 'Mon-Été_2026' → 'mon-ete-2026'.
 */
export function normalizeTypedSlug(value: string): string {
  return slugify(value.replace(/[-_]+/g, ' '))
}

/**
 * Adds `tag` to `tags` (back-office spec §5: "a tag is added only if non-empty and not already
 * present"): trimmed; compared without regard to case. Returns the same array when nothing is added.
 */
export function addTag(tags: ReadonlyArray<string>, tag: string): ReadonlyArray<string> {
  const value = tag.trim()
  if (!value || value.length > ARTICLE_LIMITS.tag || tags.length >= ARTICLE_LIMITS.tags) return tags
  const lower = value.toLocaleLowerCase('fr')
  if (tags.some((existing) => existing.toLocaleLowerCase('fr') === lower)) return tags
  return [...tags, value]
}

/**
 * The article form (back-office spec §3 "Article", §5 "Article": titre and contenu required).
 * `contenu` is still HTML here; the server sanitizes it and checks that text remains.
 * `date_publication` is a `datetime-local` value in the site's time zone, or empty.
 */
const articleFields = z.object({
  titre: z.string().trim().min(1, 'Le titre est requis').max(ARTICLE_LIMITS.titre, 'Le titre est trop long'),
  sous_titre: optionalText(ARTICLE_LIMITS.sousTitre, 'Le sous-titre est trop long'),
  extrait: optionalText(ARTICLE_LIMITS.extrait, "L'extrait est trop long (1000 caractères maximum)"),
  contenu: z.string().trim().min(1, 'Le contenu est requis'),
  image_url: optionalImageUrl,
  slug: z.string().trim().max(ARTICLE_LIMITS.slug, 'Le slug est trop long (200 caractères maximum)'),
  statut: z.preprocess((value) => value || 'brouillon', z.enum(STATUTS, 'Statut inconnu')),
  type: z.preprocess((value) => value || 'article', z.enum(TYPES, "Type d'article inconnu")),
  date_publication: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/.test(value), {
      message: 'Date de publication invalide',
    }),
  tags: repeated(z.string())
    .pipe(
      z
        .array(z.string().trim().max(ARTICLE_LIMITS.tag, 'Une étiquette fait au plus 50 caractères'))
        .max(ARTICLE_LIMITS.tags, 'Au plus 20 étiquettes'),
    )
    .transform((tags) => tags.reduce<ReadonlyArray<string>>(addTag, [])),
  affiche: checkbox,
})

/** The failure text of every article intent (back-office spec §8 "Une erreur est survenue"). */
export const ARTICLE_FAILURE = 'Une erreur est survenue'

/**
 * The article's create, update, delete and visibility (`affiche`) intents, the form as posted
 * (tags as repeated `tags` fields, affiche as 'on' or absent; missing statut/type take the spec
 * defaults, a text field not sent reads as empty).
 */
export const articleSchemas = rowSchemas(articleFields, {
  column: 'affiche',
  gone: "Cet article n'existe plus.",
  failure: { save: ARTICLE_FAILURE, delete: ARTICLE_FAILURE, visibility: ARTICLE_FAILURE },
  success: successToasts({ name: 'Article', the: "l'article" }),
  keep: ['tags', 'affiche'],
})

/** The article form of the create intent. */
export const articleFormSchema = articleSchemas.create

export type ArticleFormInput = z.output<typeof articleFormSchema>

/**
 * The restore intent of an article's previous version (issue #11 §3): the article's `id` and the
 * revision's `revision_id`, both UUIDs.
 */
export const restoreRevisionSchema = z.object({
  id: z.uuid({ error: "Cet article n'existe plus." }),
  revision_id: z.uuid({ error: "Cette version de l'article n'existe plus." }),
})
