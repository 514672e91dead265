import { type AdminIntentArgs, adminAction, adminFailure, adminSuccess } from '#app/http/admin-action.server'
import { MAX_MULTI_UPLOAD_BYTES, MAX_UPLOAD_BYTES, UPLOAD_FOLDERS } from '#app/lib/upload-folders'
import { ingestImage, MediaError } from '#app/media/ingest-image.server'
import type { Route } from './+types/upload'

const IMAGE_UPLOADED = { title: 'Image uploadée', description: "L'image a été uploadée avec succès" }

/**
 * POST /admin/upload (admin only): one image through the media pipeline (magic bytes, re-encode,
 * EXIF/GPS stripped, AVIF/WebP variants) into a spec folder (back-office spec §7 "Image upload").
 * Form fields: `intent=upload`, `folder` (one of UPLOAD_FOLDERS), `file`, optional `limit=5` for
 * the studio multi-upload's 5 MB rule. Answers `{ ok, url, toast }`; the URL is then stored by the
 * screen's own form. Files never referenced by a row are removed by the media sweep.
 */
export const action = adminAction<Route.ActionArgs>({ upload }, { flashToast: false })

async function upload({ form }: AdminIntentArgs<Route.ActionArgs>) {
  const folder = String(form.get('folder') ?? '')
  if (!(UPLOAD_FOLDERS as readonly string[]).includes(folder)) {
    return adminFailure('upload', "Dossier d'upload inconnu.")
  }
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) {
    return adminFailure('upload', 'Veuillez sélectionner un fichier image', { title: 'Fichier invalide' })
  }
  const maxBytes = form.get('limit') === '5' ? MAX_MULTI_UPLOAD_BYTES : MAX_UPLOAD_BYTES
  try {
    const { url } = await ingestImage({
      bytes: Buffer.from(await file.arrayBuffer()),
      folder,
      originalName: file.name.slice(0, 200),
      maxBytes,
    })
    return adminSuccess('upload', IMAGE_UPLOADED.title, IMAGE_UPLOADED.description, { url })
  } catch (error) {
    if (error instanceof MediaError) return adminFailure('upload', `Erreur d'upload: ${error.message}`)
    throw error
  }
}
