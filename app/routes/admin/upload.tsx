import { z } from 'zod'
import { adminAction, defineIntent } from '#app/http/admin-action.server'
import { MAX_MULTI_UPLOAD_BYTES, MAX_UPLOAD_BYTES, UPLOAD_FOLDERS } from '#app/lib/upload-folders'
import { refused } from '#app/lib/use-case-error'
import { ingestImage, MediaError } from '#app/media/ingest-image.server'
import type { Route } from './+types/upload'

const IMAGE_UPLOADED = { title: 'Image uploadée', description: "L'image a été uploadée avec succès" }

/** The upload form: the spec folder, the file, and `limit=5` for the multi-upload's 5 MB rule. */
const uploadSchema = z.object({
  folder: z.enum(UPLOAD_FOLDERS, "Dossier d'upload inconnu."),
  file: z.unknown().optional(),
  limit: z.string().optional(),
})

/**
 * POST /admin/upload (admin only): one image through the media pipeline (magic bytes, re-encode,
 * EXIF/GPS stripped, AVIF/WebP variants) into a spec folder (back-office spec §7 "Image upload").
 * Form fields: `intent=upload`, `folder` (one of UPLOAD_FOLDERS), `file`, optional `limit=5` for
 * the studio multi-upload's 5 MB rule. Answers `{ ok, url, toast }`; the URL is then stored by the
 * screen's own form. Files never referenced by a row are removed by the media sweep.
 */
export const action = adminAction<Route.ActionArgs>(
  {
    upload: defineIntent({
      schema: uploadSchema,
      run: async ({ folder, file, limit }) => {
        if (!(file instanceof File) || file.size === 0) {
          throw refused('Veuillez sélectionner un fichier image', undefined, 'Fichier invalide')
        }
        try {
          const { url } = await ingestImage({
            bytes: Buffer.from(await file.arrayBuffer()),
            folder,
            originalName: file.name.slice(0, 200),
            maxBytes: limit === '5' ? MAX_MULTI_UPLOAD_BYTES : MAX_UPLOAD_BYTES,
          })
          return url
        } catch (error) {
          if (error instanceof MediaError) throw refused(`Erreur d'upload: ${error.message}`)
          throw error
        }
      },
      success: (url) => ({ ...IMAGE_UPLOADED, url }),
      failure: "Erreur d'upload",
      refusal: 'first-error',
    }),
  },
  { flashToast: false },
)
