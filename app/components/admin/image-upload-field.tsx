import { ImageIcon, Loader2, Trash2, Upload } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import type { AdminActionData } from '#app/lib/admin-result'
import {
  ACCEPTED_IMAGE_TYPES,
  checkImageFile,
  MAX_UPLOAD_BYTES,
  type UploadFolder,
} from '#app/lib/upload-folders'

/**
 * Image field of the back-office forms (back-office spec §4–§5, §7 "Image upload"): choosing a
 * file checks it (image type, size), uploads it at once to /admin/upload into `folder`, shows a
 * spinner meanwhile, then a preview; 'Retirer l'image' clears it. The URL travels in a hidden
 * input named `name` with the surrounding form; nothing is saved until that form is.
 *
 * @param name - form field name, e.g. 'image_url'.
 * @param folder - spec folder, e.g. 'categories'.
 * @param defaultUrl - the stored URL, if any.
 * @param maxBytes - size limit in bytes (default 10 MB).
 * @param onChange - called with the new URL ('' when removed).
 */
export function ImageUploadField({
  name,
  label = 'Image',
  folder,
  defaultUrl,
  maxBytes = MAX_UPLOAD_BYTES,
  onChange,
}: {
  name: string
  label?: string
  folder: UploadFolder
  defaultUrl?: string | null
  maxBytes?: number
  onChange?: (url: string) => void
}) {
  const [url, setUrl] = useState(defaultUrl ?? '')
  const fetcher = useFetcher<AdminActionData>()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const uploading = fetcher.state !== 'idle'
  const handled = useRef<AdminActionData | undefined>(undefined)

  useEffect(() => {
    const result = fetcher.data
    if (!result || fetcher.state !== 'idle' || handled.current === result) return
    handled.current = result
    if (result.ok && result.url) {
      setUrl(result.url)
      onChange?.(result.url)
      toast.success(result.toast.title, { description: result.toast.description })
    } else {
      toast.error('Erreur', {
        description: result.toast.description ?? "Impossible d'uploader l'image",
      })
    }
    if (input.current) input.current.value = ''
  }, [fetcher.data, fetcher.state, onChange])

  function upload(file: File) {
    const problem = checkImageFile(file, maxBytes)
    if (problem) {
      toast.error(problem.title, { description: problem.description })
      if (input.current) input.current.value = ''
      return
    }
    const body = new FormData()
    body.set('intent', 'upload')
    body.set('folder', folder)
    body.set('file', file)
    fetcher.submit(body, { method: 'post', action: '/admin/upload', encType: 'multipart/form-data' })
  }

  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-800">{label}</span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-50">
          {url ? (
            <img src={url} alt="Aperçu de l'image" className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-8 text-gray-400" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={id}
            className={`btn btn-outline cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 ${uploading ? 'pointer-events-none opacity-60' : ''}`}
          >
            {uploading ? (
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Upload aria-hidden="true" className="size-4" />
            )}
            {uploading ? 'Upload en cours...' : url ? "Changer l'image" : 'Choisir une image'}
            <input
              ref={input}
              id={id}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              className="sr-only"
              disabled={uploading}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0]
                if (file) upload(file)
              }}
            />
          </label>
          {url ? (
            <button
              type="button"
              className="btn btn-outline"
              disabled={uploading}
              onClick={() => {
                setUrl('')
                onChange?.('')
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Retirer l'image
            </button>
          ) : null}
        </div>
      </div>
      <p className="mt-1 text-xs text-gray-500">
        JPG, PNG, GIF ou WebP, {Math.round(maxBytes / (1024 * 1024))} MB maximum.
      </p>
      <input type="hidden" name={name} value={url} />
    </div>
  )
}
