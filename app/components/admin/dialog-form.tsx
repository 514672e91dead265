import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import type { ZodType } from 'zod'
import { usePageAnswer } from '#app/components/admin/action-answer'
import { fieldBinder } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#app/components/ui/dialog'
import { parseForm } from '#app/lib/admin/form-fields'
import type { AdminActionData } from '#app/lib/admin-result'

/** Field name → French messages ('form' for the whole form). */
export type FormErrors = Record<string, string[] | undefined>

/**
 * A back-office form posted by its own fetcher and checked first in the browser with the
 * server's schema, read the server's way (`parseForm`): a refused form shows its French messages
 * at once and posts nothing; the server's answer shows its toast (back-office spec §8), and its
 * field errors under their fields, or runs `onSuccess` once (the loader then reloads the list).
 *
 * @param schema - the screen's form schema (app/lib/admin/*-schema.ts).
 * @param options.failure - when given, a form refused in the browser also shows the 'Erreur' toast
 *   with this text, e.g. 'Impossible de sauvegarder la saison'.
 * @param options.onSuccess - run after a successful answer (close the form…); keep it stable.
 * @param options.intent - the form's intent: a page posted without JavaScript shows its answer's
 *   field errors in the form of that intent (any form when omitted).
 * @returns the fetcher (render `fetcher.Form` with `onSubmit`), the errors, `error(name)` (first
 *   message of a field), `field(name, value)` (a kit field's `name`, `defaultValue` — '' for
 *   none — and `errors`, to spread: `<TextField label="Nom" {...form.field('nom', row?.nom)} />`),
 *   `busy` while posting, and `clear()` to forget the errors.
 */
export function useAdminForm(
  schema: ZodType,
  { failure, onSuccess, intent }: { failure?: string; onSuccess?: () => void; intent?: string } = {},
) {
  const fetcher = useFetcher<AdminActionData>()
  // Posted without JavaScript, the answer is the page's own, shown from the first render (issue #36 §5).
  const pageAnswer = usePageAnswer(intent)
  const [errors, setErrors] = useState<FormErrors>(() =>
    pageAnswer && !pageAnswer.ok ? (pageAnswer.fieldErrors ?? {}) : {},
  )
  const handled = useRef<AdminActionData | undefined>(fetcher.data ?? pageAnswer)

  useEffect(() => {
    const result = fetcher.data
    if (fetcher.state !== 'idle' || !result || result === handled.current) return
    handled.current = result
    if (result.ok) {
      setErrors({})
      onSuccess?.()
    } else {
      setErrors(result.fieldErrors ?? {})
    }
  }, [fetcher.data, fetcher.state, onSuccess])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = parseForm(new FormData(event.currentTarget), schema)
    if (parsed.ok) {
      setErrors({})
      return
    }
    event.preventDefault()
    setErrors(parsed.fieldErrors)
    if (failure) toast.error('Erreur', { description: failure })
  }

  return {
    fetcher,
    errors,
    error: (name: string) => errors[name]?.[0],
    field: fieldBinder((name) => errors[name]),
    onSubmit,
    busy: fetcher.state !== 'idle',
    clear: useCallback(() => setErrors({}), []),
  }
}

/**
 * The dialog frame of the back-office's dialog forms (back-office spec §2 "a table with a dialog
 * form"): focus trapped inside, Escape or 'Fermer' closes it and focus returns to the button that
 * opened it. Scrolls inside on small screens.
 *
 * @param open - whether it is open (controlled, so a successful save can close it).
 * @param trigger - the button that opens it.
 * @param title - e.g. 'Nouvelle saison'.
 * @param wide - a wider frame, for long forms (the episode).
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: ReactNode
  title: string
  description?: string
  children: ReactNode
  wide?: boolean
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent size={wide ? 'lg' : 'md'}>
        <div className="flex items-start justify-between gap-4">
          <DialogTitle>{title}</DialogTitle>
          <DialogCloseButton />
        </div>
        {description ? (
          <DialogDescription className="mt-1">{description}</DialogDescription>
        ) : (
          <DialogDescription className="sr-only">{title}</DialogDescription>
        )}
        <div className="mt-4">{children}</div>
      </DialogContent>
    </Dialog>
  )
}

/** What a {@link useAdminForm} gives a form: its fetcher, errors, field binder and state. */
export type AdminForm = ReturnType<typeof useAdminForm>

/**
 * A row's create-or-edit form in a {@link FormDialog} (the season, episode and studio photo
 * dialogs): posted by its own {@link useAdminForm}, checked first in the browser with the intent's
 * schema, its failure text as the 'Erreur' toast of a form refused there. With `row` it edits that row (intent 'update' with
 * its `id`, the update title, fields starting from the row's values), else it creates one (intent
 * 'create', the create title, fields starting from `defaults`); it ends with the 'Annuler' and
 * 'Enregistrer' buttons. Opening it forgets the last errors; a successful save closes it. Its
 * fields mount each time the dialog opens, so they start again from their default values.
 *
 * @param schemas - the screen's row schemas (`rowSchemas`, app/lib/admin/*-schema.ts): the create
 *   or update schema and its failure text, e.g. 'Impossible de sauvegarder la saison' (the
 *   server's for the same intent).
 * @param row - the row edited, or undefined for a new one.
 * @param defaults - the values a new row's fields start from.
 * @param trigger - the button that opens the dialog.
 * @param title - the dialog's title to create and to edit, e.g. 'Nouvelle saison', 'Modifier la saison'.
 * @param wide - a wider frame, for long forms (the episode).
 * @param children - the form's fields, given the form (`form.field(name, value)`, `form.error(name)`)
 *   and the values they start from (the row's, or `defaults`).
 */
export function DialogForm<Row extends { id?: string }>({
  schemas,
  row,
  defaults,
  trigger,
  title,
  wide = false,
  children,
}: {
  schemas: { create: ZodType; update: ZodType; failure: { create: string; update: string } }
  row: Row | undefined
  defaults: Row
  trigger: ReactNode
  title: { create: string; update: string }
  wide?: boolean
  children: (form: AdminForm, values: Row) => ReactNode
}) {
  const [open, setOpenState] = useState(false)
  const close = useCallback(() => setOpenState(false), [])
  const intent = row ? 'update' : 'create'
  const form = useAdminForm(schemas[intent], { failure: schemas.failure[intent], onSuccess: close, intent })
  const { clear } = form
  const setOpen = useCallback(
    (next: boolean) => {
      if (next) clear()
      setOpenState(next)
    },
    [clear],
  )

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={row ? title.update : title.create}
      wide={wide}
    >
      <form.fetcher.Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {row?.id ? <input type="hidden" name="id" value={row.id} /> : null}
        {children(form, row ?? defaults)}
        <FormDialogActions busy={form.busy} onCancel={close} />
      </form.fetcher.Form>
    </FormDialog>
  )
}

/** The 'Annuler' and 'Enregistrer' buttons closing a dialog form ('Enregistrement...' while posting). */
function FormDialogActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="outline" onClick={onCancel}>
        Annuler
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Enregistrement...' : 'Enregistrer'}
      </Button>
    </div>
  )
}
