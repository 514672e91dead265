import { AlertCircle, CheckCircle2, Clock, Loader2, Upload } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { FormDialog } from '#app/components/admin/dialog-form'
import { ImagePicker, useImageUploads } from '#app/components/admin/image-upload-field'
import { ErrorList } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { checkMultiUploadFiles, MAX_MULTI_FILES } from '#app/lib/admin/atelier-schema'
import type { AdminActionData } from '#app/lib/admin-result'

type ItemState = 'waiting' | 'uploading' | 'done' | 'error'
type Item = { key: string; file: File; state: ItemState; url?: string; message?: string }

const STATE_LABELS: Record<ItemState, string> = {
  waiting: 'En attente',
  uploading: 'Envoi…',
  done: 'Terminé',
  error: 'Erreur',
}

function StateIcon({ state }: { state: ItemState }) {
  const className = 'size-4 shrink-0'
  if (state === 'uploading')
    return <Loader2 aria-hidden="true" className={`${className} animate-spin text-sky-700`} />
  if (state === 'done') return <CheckCircle2 aria-hidden="true" className={`${className} text-green-700`} />
  if (state === 'error') return <AlertCircle aria-hidden="true" className={`${className} text-red-700`} />
  return <Clock aria-hidden="true" className={`${className} text-gray-500`} />
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`
    : `${Math.ceil(bytes / 1024)} KB`
}

/**
 * 'Upload multiple' (back-office spec §2, §5, §7, §8): up to 10 images of 5 MB at most, checked
 * as soon as they are chosen ('Vous ne pouvez sélectionner que 10 fichiers maximum', '{file} n'est
 * pas une image valide', '{file} est trop volumineux (max 5MB)'); then sent one by one to
 * /admin/upload, each file's state shown (en attente, envoi, terminé, erreur); then all the
 * uploaded images are added in one insert ('Photo {timestamp}-{n}', medium, visible, after the
 * last photo).
 */
export function MultiUploadDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false)
  const [items, setItems] = useState<Item[]>([])
  const [refused, setRefused] = useState<string[]>([])
  const { upload, pending: uploading } = useImageUploads('atelier', { multiUploadLimit: true })
  const fetcher = useFetcher<AdminActionData>()
  const handled = useRef<AdminActionData | undefined>(fetcher.data)
  const busy = uploading > 0 || fetcher.state !== 'idle'

  useEffect(() => {
    const result = fetcher.data
    if (fetcher.state !== 'idle' || !result || result === handled.current) return
    handled.current = result
    if (!result.ok) return
    setItems((current) => current.filter((item) => item.state !== 'done'))
    if (!items.some((item) => item.state === 'error')) setOpen(false)
  }, [fetcher.data, fetcher.state, items])

  function choose(files: File[]) {
    const check = checkMultiUploadFiles(files)
    if ('tooMany' in check) {
      toast.error('Erreur', { description: check.tooMany })
      setItems([])
      setRefused([check.tooMany])
    } else {
      for (const message of check.refused) toast.error('Erreur', { description: message })
      setRefused(check.refused)
      setItems(
        check.accepted.map((file, index) => ({
          key: `${index}-${file.name}-${file.size}`,
          file,
          state: 'waiting',
        })),
      )
    }
  }

  async function start() {
    const uploaded: string[] = []
    let failed = 0
    for (const item of items) {
      if (item.state === 'done') continue
      setItems((current) =>
        current.map((entry) => (entry.key === item.key ? { ...entry, state: 'uploading' } : entry)),
      )
      const result = await upload(item.file)
      if (result.ok) uploaded.push(result.url)
      else failed++
      setItems((current) =>
        current.map((entry) =>
          entry.key === item.key
            ? result.ok
              ? { ...entry, state: 'done', url: result.url }
              : { ...entry, state: 'error', message: result.message }
            : entry,
        ),
      )
    }
    if (failed > 0) toast.error('Erreur', { description: "Erreur lors de l'upload des images" })
    if (uploaded.length === 0) return
    if (failed === 0)
      toast.success('Succès', { description: `${uploaded.length} image(s) uploadée(s) avec succès` })
    const body = new FormData()
    body.set('intent', 'add-many')
    for (const url of uploaded) body.append('urls', url)
    fetcher.submit(body, { method: 'post' })
  }

  const pending = items.filter((item) => item.state !== 'done').length

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return
        if (next) {
          setItems([])
          setRefused([])
        }
        setOpen(next)
      }}
      trigger={trigger}
      title="Upload multiple"
      description={`Jusqu'à ${MAX_MULTI_FILES} images (JPG, PNG, GIF ou WebP), 5 MB maximum chacune. Elles sont ajoutées à la fin de la liste, affichées, en taille Moyenne.`}
    >
      <div className="space-y-4">
        <ImagePicker label="Choisir des images" disabled={busy} multiple icon={Upload} onFiles={choose} />
        <ErrorList messages={refused} />
        {items.length > 0 ? (
          <ul
            aria-label="Fichiers à envoyer"
            aria-live="polite"
            className="divide-y divide-gray-100 rounded-md border border-gray-200"
          >
            {items.map((item) => (
              <li key={item.key} className="flex items-center gap-3 px-3 py-2 text-sm">
                <StateIcon state={item.state} />
                <span className="min-w-0 flex-1 truncate text-gray-900">{item.file.name}</span>
                <span className="shrink-0 text-xs text-gray-500">{formatSize(item.file.size)}</span>
                <span
                  data-testid="upload-state"
                  className={`shrink-0 text-xs font-medium ${item.state === 'error' ? 'text-red-700' : item.state === 'done' ? 'text-green-700' : 'text-gray-700'}`}
                >
                  {STATE_LABELS[item.state]}
                  {item.message ? ` : ${item.message}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
            Fermer
          </Button>
          <Button disabled={busy || pending === 0} onClick={start}>
            {busy ? 'Envoi en cours...' : pending > 0 ? `Uploader ${pending} image(s)` : 'Uploader'}
          </Button>
        </div>
      </div>
    </FormDialog>
  )
}
