import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import type { ZodType } from 'zod'
import type { AdminActionData } from '#app/lib/admin-result'

/** Field name → French messages. */
export type FieldErrors = Record<string, string[] | undefined>

/**
 * State of a dialog form of the studio screens: open/closed, one fetcher, field errors. The form is
 * checked in the browser with the same Zod schema as the server (instant French messages, nothing
 * posted); the server's answer shows its toast (back-office spec §8), closes the dialog on success
 * (the loader then reloads the list) or shows its field errors.
 *
 * @param schema - the shared form schema (app/lib/admin/*-schema.ts).
 * @param failure - the toast text of a refused form, e.g. 'Impossible de sauvegarder la saison'.
 */
export function useDialogForm(schema: ZodType, failure: string) {
  const fetcher = useFetcher<AdminActionData>()
  const [open, setOpenState] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const handled = useRef<AdminActionData | undefined>(fetcher.data)

  useEffect(() => {
    const result = fetcher.data
    if (fetcher.state !== 'idle' || !result || result === handled.current) return
    handled.current = result
    if (result.ok) setOpenState(false)
    else setErrors(result.fieldErrors ?? {})
  }, [fetcher.data, fetcher.state])

  function setOpen(next: boolean) {
    if (next) setErrors({})
    setOpenState(next)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)))
    if (parsed.success) {
      setErrors({})
      return
    }
    event.preventDefault()
    const next: FieldErrors = {}
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || 'form'
      next[key] = [...(next[key] ?? []), issue.message]
    }
    setErrors(next)
    toast.error('Erreur', { description: failure })
  }

  return {
    fetcher,
    open,
    setOpen,
    errors,
    error: (name: string) => errors[name]?.[0],
    onSubmit,
    busy: fetcher.state !== 'idle',
  }
}
