import { z } from 'zod'
import { MAX_ARTWORK_IMAGES } from '#app/lib/artwork-display'
import { isUuid } from '#app/lib/ids'
import {
  imageUrlField,
  int32OrZero,
  optionalImageUrl,
  optionalText,
  repeated,
  rowSchemas,
  switchDefaultOn,
} from './form-fields'
import { namedToasts, successToasts } from './row-toasts'

/**
 * Form rules of the category and artwork screens (back-office spec §3, §5, §9), shared by the
 * server (which enforces them, app/http/admin-action.server.ts) and the screens (which show the
 * same French messages): each schema is the parser of its form (`parseForm`); a text field the
 * browser did not send reads as ''.
 */

/** Artwork statuts as stored (app/db/schema/content.ts OEUVRE_STATUTS), with their labels (spec §4). */
export const ARTWORK_STATUT_OPTIONS = [
  { value: 'disponible', label: 'Disponible' },
  { value: 'vendu', label: 'Vendu' },
  { value: 'collection privée', label: 'Collection privée' },
  { value: 'me contacter', label: 'Me contacter' },
] as const

/** The artwork filter's value for artworks whose category was deleted (categorie_id null). */
export const NO_CATEGORY_FILTER = 'aucune'

/** Largest price a numeric(12,2) column holds, in euros. */
const MAX_PRICE_EUROS = 9_999_999_999.99

const NOM_REQUIS = 'Le nom est requis.'

/** Spec §5: "ordre parsed as integer, 0 if not numeric"; refused beyond the integer column. */
const ordre = int32OrZero("L'ordre est trop grand.")

/** Category form (back-office spec §3 Category, §5: nom required, ordre integer or 0). */
const categoryFields = z.object({
  nom: z.string().trim().min(1, NOM_REQUIS).max(200, 'Le nom ne doit pas dépasser 200 caractères.'),
  description: z.string().max(50_000, 'La description est trop longue.'),
  image_url: optionalImageUrl,
  ordre,
  affichee: switchDefaultOn,
})

/**
 * The category's create, update, delete and visibility (`affichee`) intents; a text field the
 * browser did not send reads as empty.
 */
export const categorySchemas = rowSchemas(categoryFields, {
  column: 'affichee',
  gone: 'Catégorie introuvable.',
  failure: {
    create: 'Impossible de créer la catégorie.',
    update: 'Impossible de modifier la catégorie.',
    delete: 'Impossible de supprimer la catégorie.',
  },
  success: {
    ...namedToasts({ name: 'Catégorie', the: 'la catégorie', feminine: true }),
    // Showing or hiding is told as a change (back-office spec §4 "Catégorie visible" switch).
    shown: { title: 'Catégorie modifiée', description: 'La catégorie est maintenant visible.' },
    hidden: { title: 'Catégorie modifiée', description: 'La catégorie est maintenant masquée.' },
  },
  keep: ['affichee'],
})

/** The category form of the create intent. */
export const categoryFormSchema = categorySchemas.create

/** A valid category form: what the category use cases store (description not yet sanitized). */
export type CategoryInput = z.output<typeof categoryFormSchema>

/**
 * Artwork tags typed comma separated (spec §5): each trimmed, empty ones removed, repeats dropped.
 *
 * @param value - e.g. ' encre, washi ,, encre'.
 * @returns e.g. ['encre', 'washi'].
 */
export function parseTags(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ]
}

/** Artwork form (back-office spec §3 Artwork, §5, §9). */
const artworkFields = z.object({
  nom: z.string().trim().min(1, NOM_REQUIS).max(200, 'Le nom ne doit pas dépasser 200 caractères.'),
  description: z.string().max(50_000, 'La description est trop longue.'),
  technique: optionalText(200, 'La technique ne doit pas dépasser 200 caractères.'),
  dimensions: optionalText(200, 'Les dimensions ne doit pas dépasser 200 caractères.'),
  annee: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,4}$/.test(value), "L'année doit être un nombre entier.")
    .transform((value) => (value === '' ? null : Number.parseInt(value, 10))),
  /** Euros, step 0.01; a French comma is accepted. Stored as the numeric string, e.g. '1250.50'. */
  prix: z
    .string()
    .trim()
    .transform((value) => value.replace(',', '.'))
    .refine(
      (value) => value === '' || (/^\d+(?:\.\d{1,2})?$/.test(value) && Number(value) <= MAX_PRICE_EUROS),
      'Le prix doit être un nombre positif avec au plus 2 décimales.',
    )
    .transform((value) => (value === '' ? null : Number(value).toFixed(2))),
  statut: z
    .string()
    .trim()
    .transform((value) => value || 'disponible')
    .pipe(z.enum(['disponible', 'vendu', 'collection privée', 'me contacter'], 'Statut inconnu.')),
  categorie_id: z
    .string()
    .trim()
    .refine((value) => value === '' || value === NO_CATEGORY_FILTER || isUuid(value), 'Catégorie inconnue.')
    .transform((value) => (value === '' || value === NO_CATEGORY_FILTER ? null : value.toLowerCase())),
  tags: z
    .string()
    .transform(parseTags)
    .refine((tags) => tags.length <= 50, 'Pas plus de 50 mots-clés.')
    .refine(
      (tags) => tags.every((tag) => tag.length <= 100),
      'Un mot-clé ne doit pas dépasser 100 caractères.',
    ),
  affichee: switchDefaultOn,
  ordre,
  /** Image URLs in display order, the first being the main image. */
  images: repeated(imageUrlField)
    .transform((urls) => [...new Set(urls.filter(Boolean))])
    .refine((urls) => urls.length <= MAX_ARTWORK_IMAGES, `${MAX_ARTWORK_IMAGES} images au maximum.`),
})

/**
 * The artwork's create, update, delete and visibility (`affichee`) intents; a text field the
 * browser did not send reads as empty.
 */
export const artworkSchemas = rowSchemas(artworkFields, {
  column: 'affichee',
  gone: 'Œuvre introuvable.',
  failure: { save: 'Une erreur est survenue', delete: "Impossible de supprimer l'œuvre" },
  success: successToasts({ name: 'Œuvre', the: "l'œuvre", feminine: true }, ' avec succès'),
  keep: ['affichee', 'images'],
})

/** The artwork form of the create intent. */
export const artworkFormSchema = artworkSchemas.create

/** A valid artwork form: what the artwork use cases store (description not yet sanitized). */
export type ArtworkInput = z.output<typeof artworkFormSchema>
