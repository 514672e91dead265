/** Upload folders of the back-office (back-office spec §7 "Image upload"). */
export const UPLOAD_FOLDERS = [
  'categories',
  'artworks',
  'articles',
  'pages',
  'site',
  'evenements',
  'saisons-podcast',
  'episodes-podcast',
  'atelier',
] as const

export type UploadFolder = (typeof UPLOAD_FOLDERS)[number]

/** Size limit of one upload, in bytes (back-office spec §9: 10 MB; 5 MB in the studio multi-upload). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Size limit of each file of the studio multi-upload, in bytes (back-office spec §9). */
export const MAX_MULTI_UPLOAD_BYTES = 5 * 1024 * 1024
/** Image types the upload field accepts (back-office spec §5: JPG, PNG, GIF, WebP). */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp'

/**
 * The spec's client-side check of a chosen file (back-office spec §5), also run by the server.
 *
 * @param file - type (MIME) and size in bytes of the chosen file.
 * @param maxBytes - limit in bytes.
 * @returns null when acceptable, else the toast's French title and text.
 */
export function checkImageFile(
  file: { type: string; size: number },
  maxBytes: number = MAX_UPLOAD_BYTES,
): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) {
    return { title: 'Fichier invalide', description: 'Veuillez sélectionner un fichier image' }
  }
  if (file.size > maxBytes) {
    return {
      title: 'Fichier trop volumineux',
      description: `La taille du fichier ne doit pas dépasser ${Math.round(maxBytes / (1024 * 1024))} MB`,
    }
  }
  return null
}
