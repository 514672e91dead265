import { ImageIcon, Loader2, type LucideIcon, Trash2, Upload } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { Button, buttonClass } from '#app/components/ui/button'
import { cn } from '#app/components/ui/cn'
import type { AdminActionData } from '#app/lib/admin-result'
import type { Toast } from '#app/lib/toast'
import {
  ACCEPTED_IMAGE_TYPES,
  checkImageFile,
  MAX_UPLOAD_BYTES,
  type UploadFolder,
} from '#app/lib/upload-folders'

/** The back-office's upload route (back-office spec §7 "Image upload"). */
const UPLOAD_ACTION = '/admin/upload'

/**
 * The form posted to {@link UPLOAD_ACTION} for one image, by every image field of the back-office.
 *
 * @param file - the chosen image.
 * @param folder - the spec folder, e.g. 'artworks'.
 * @param options.multiUploadLimit - the studio multi-upload's 5 MB rule instead of 10 MB.
 */
function imageUploadForm(
  file: File,
  folder: UploadFolder,
  { multiUploadLimit = false }: { multiUploadLimit?: boolean } = {},
): FormData {
  const body = new FormData()
  body.set('intent', 'upload')
  body.set('folder', folder)
  if (multiUploadLimit) body.set('limit', '5')
  body.set('file', file)
  return body
}

/** What one upload gives: the stored image's URL and the server's toast, or a French error. */
export type UploadResult = { ok: true; url: string; toast: Toast } | { ok: false; message: string }

/** Sends one file to {@link UPLOAD_ACTION}; never throws (a lost connection is a French error). */
async function uploadImage(
  file: File,
  folder: UploadFolder,
  options: { multiUploadLimit?: boolean },
): Promise<UploadResult> {
  try {
    const response = await fetch(UPLOAD_ACTION, {
      method: 'POST',
      body: imageUploadForm(file, folder, options),
      headers: { Accept: 'application/json' },
    })
    if (!response.headers.get('content-type')?.includes('application/json')) {
      return { ok: false, message: 'Session expirée : reconnectez-vous.' }
    }
    const result = (await response.json()) as AdminActionData
    if (result.ok && result.url) return { ok: true, url: result.url, toast: result.toast }
    return { ok: false, message: result.toast?.description ?? "Impossible d'uploader l'image" }
  } catch {
    return { ok: false, message: "Impossible d'uploader l'image" }
  }
}

/**
 * Uploads of an image list (back-office spec §5, §7: the artwork's images, the studio
 * multi-upload): each file goes to /admin/upload into `folder`, one after another in the order
 * asked (a file asked for while others are sent waits for them).
 *
 * @param folder - the spec folder, e.g. 'artworks'.
 * @param options.multiUploadLimit - the studio multi-upload's 5 MB rule instead of 10 MB.
 * @returns `upload(file)`, resolving with its {@link UploadResult} once sent, and `pending`, the
 *   number of files waiting or being sent.
 */
export function useImageUploads(folder: UploadFolder, { multiUploadLimit = false } = {}) {
  const [pending, setPending] = useState(0)
  const last = useRef<Promise<unknown>>(Promise.resolve())
  const upload = useCallback(
    (file: File): Promise<UploadResult> => {
      setPending((count) => count + 1)
      const sent = last.current.then(() => uploadImage(file, folder, { multiUploadLimit }))
      last.current = sent
      return sent.finally(() => setPending((count) => count - 1))
    },
    [folder, multiUploadLimit],
  )
  return { upload, pending }
}

/**
 * The button choosing image files of the back-office's image fields (a label styled as a button,
 * holding the file input, so the keyboard and the browser's file dialog work as for any input).
 * The input is emptied after each choice, so choosing the same file again works.
 *
 * @param label - the button's text, e.g. 'Choisir une image'.
 * @param busy - shows a spinner and `busyLabel` instead of the icon and `label`.
 * @param disabled - no choice possible (dimmed).
 * @param onFiles - the chosen files, in order.
 */
export function ImagePicker({
  label,
  busyLabel,
  busy = false,
  disabled = false,
  multiple = false,
  icon: Icon,
  onFiles,
}: {
  label: string
  busyLabel?: string
  busy?: boolean
  disabled?: boolean
  multiple?: boolean
  icon: LucideIcon
  onFiles: (files: File[]) => void
}) {
  const id = useId()
  return (
    <label
      htmlFor={id}
      className={buttonClass(
        'outline',
        cn(
          'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2',
          disabled && 'pointer-events-none opacity-60',
        ),
      )}
    >
      {busy ? (
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <Icon aria-hidden="true" className="size-4" />
      )}
      {busy && busyLabel ? busyLabel : label}
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={ACCEPTED_IMAGE_TYPES}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])]
          event.currentTarget.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </label>
  )
}

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
  }, [fetcher.data, fetcher.state, onChange])

  function upload(file: File) {
    const problem = checkImageFile(file, maxBytes)
    if (problem) {
      toast.error(problem.title, { description: problem.description })
      return
    }
    fetcher.submit(imageUploadForm(file, folder), {
      method: 'post',
      action: UPLOAD_ACTION,
      encType: 'multipart/form-data',
    })
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
          <ImagePicker
            label={url ? "Changer l'image" : 'Choisir une image'}
            busyLabel="Upload en cours..."
            busy={uploading}
            disabled={uploading}
            icon={Upload}
            onFiles={([file]) => file && upload(file)}
          />
          {url ? (
            <Button
              variant="outline"
              disabled={uploading}
              onClick={() => {
                setUrl('')
                onChange?.('')
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Retirer l'image
            </Button>
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
