import { z } from 'zod'
import { checkbox, imageUrlField, optionalText, repeated, rowSchemas } from './form-fields'

/** Studio photo sizes (back-office spec §3 "Studio photo": small, medium, large, xlarge). */
export const PHOTO_SIZES = ['small', 'medium', 'large', 'xlarge'] as const
export type PhotoSize = (typeof PHOTO_SIZES)[number]

/** French label of each size (back-office spec §9). */
export const PHOTO_SIZE_LABELS: Record<PhotoSize, string> = {
  small: 'Petite (1x1)',
  medium: 'Moyenne (2x1)',
  large: 'Grande (2x2)',
  xlarge: 'Très grande (3x2)',
}

/** Default size of a new photo (back-office spec §9). */
export const DEFAULT_PHOTO_SIZE: PhotoSize = 'medium'
/** Multi-upload limits (back-office spec §5, §9): 10 files, 5 MB (bytes) each. */
export const MAX_MULTI_FILES = 10
export const MAX_MULTI_FILE_BYTES = 5 * 1024 * 1024
/** Message when the image is missing (back-office spec §5). */
export const PHOTO_IMAGE_REQUIRED = 'Veuillez sélectionner une image'

/** A required image field: {@link imageUrlField}, refused with PHOTO_IMAGE_REQUIRED when empty. */
const imageUrl = z
  .string({ error: PHOTO_IMAGE_REQUIRED })
  .trim()
  .min(1, { error: PHOTO_IMAGE_REQUIRED, abort: true })
  .pipe(imageUrlField)

/**
 * The single studio photo form (back-office spec §3 "Studio photo", §5, §9): image_url required
 * (folder 'atelier'), nom and description (rich text, sanitized by the use case) optional, taille
 * one of four (default medium), affichee (default on in the form).
 */
export const photoSchema = z.object({
  image_url: imageUrl,
  nom: optionalText(200, 'Le nom ne doit pas dépasser 200 caractères'),
  description: optionalText(50_000, 'La description est trop longue'),
  taille: z.preprocess(
    (value) => (value === undefined || value === '' ? DEFAULT_PHOTO_SIZE : value),
    z.enum(PHOTO_SIZES, { error: 'Taille invalide' }),
  ),
  affichee: checkbox,
})
export type PhotoInput = z.infer<typeof photoSchema>

/** The photo's create, update, delete and visibility (`affichee`) intents. */
export const photoSchemas = rowSchemas(photoSchema, {
  column: 'affichee',
  gone: 'Photo introuvable.',
  failure: {
    save: "Erreur lors de l'enregistrement",
    delete: 'Erreur lors de la suppression',
    visibility: 'Erreur lors de la mise à jour',
  },
  success: {
    created: { title: 'Photo ajoutée', description: "La photo a été ajoutée à l'atelier." },
    updated: { title: 'Photo mise à jour' },
    deleted: { title: 'Photo supprimée' },
    shown: { title: 'Photo affichée' },
    hidden: { title: 'Photo masquée' },
  },
})

/** Reorder intent: the page's photo ids, in their new order (repeated `ids` fields; issue #35 §2). */
export const photoOrderSchema = z.object({
  ids: repeated(z.uuid()).pipe(z.array(z.string()).min(1).max(10_000)),
})

/** Move intent (issue #35 §2): a photo's id and the position (from 1) it goes to among all photos. */
export const photoMoveSchema = z.object({
  id: z.uuid({ error: "Cette photo n'existe plus." }),
  position: z.coerce
    .number({ error: 'Indiquez une position (un nombre à partir de 1).' })
    .int('Indiquez une position (un nombre à partir de 1).')
    .min(1, 'Indiquez une position (un nombre à partir de 1).')
    .max(1_000_000, 'Indiquez une position (un nombre à partir de 1).'),
})

/** Multi-upload intent: the uploaded image URLs, in the order chosen (1 to 10). */
export const photoUrlsSchema = z.object({
  urls: repeated(imageUrl).pipe(z.array(z.string()).min(1, PHOTO_IMAGE_REQUIRED).max(MAX_MULTI_FILES)),
})

/**
 * The spec's client check of the files chosen for the multi-upload (back-office spec §5).
 *
 * @param files - name, MIME type and size in bytes of each chosen file.
 * @returns `tooMany` when more than 10 were chosen ('Vous ne pouvez sélectionner que 10 fichiers
 *   maximum', nothing kept); otherwise the acceptable files and one French message per refused one
 *   ('{file} n'est pas une image valide', '{file} est trop volumineux (max 5MB)').
 */
export function checkMultiUploadFiles<F extends { name: string; type: string; size: number }>(
  files: ReadonlyArray<F>,
): { tooMany: string } | { accepted: F[]; refused: string[] } {
  if (files.length > MAX_MULTI_FILES) {
    return { tooMany: `Vous ne pouvez sélectionner que ${MAX_MULTI_FILES} fichiers maximum` }
  }
  const accepted: F[] = []
  const refused: string[] = []
  for (const file of files) {
    if (!file.type.startsWith('image/')) refused.push(`${file.name} n'est pas une image valide`)
    else if (file.size > MAX_MULTI_FILE_BYTES) refused.push(`${file.name} est trop volumineux (max 5MB)`)
    else accepted.push(file)
  }
  return { accepted, refused }
}
