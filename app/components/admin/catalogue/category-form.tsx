import { type FormEvent, useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { AdminCard } from '#app/components/admin/admin-page'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { categoryFormSchema } from '#app/lib/admin/catalogue-schema'
import { parseForm } from '#app/lib/admin/form-fields'
import type { AdminActionData } from '#app/lib/admin-result'
import type { AdminCategory } from '#app/services/catalogue/list-admin-categories.server'
import { TextField, useIsBusy } from './fields'

type Errors = Record<string, string[] | undefined>

/**
 * Checks the form with the server's schema before posting, so a missing name is shown at once.
 * @returns the French errors, or null when the form may be sent.
 */
function checkCategoryForm(event: FormEvent<HTMLFormElement>): Errors | null {
  const parsed = parseForm(new FormData(event.currentTarget), categoryFormSchema)
  return parsed.ok ? null : parsed.fieldErrors
}

/**
 * The fields of a category (back-office spec §3: nom, ordre, affichee, description, image) for the
 * creation form and the card edit form.
 */
function CategoryFields({
  category,
  errors,
  visibleLabel,
  editorHeight,
}: {
  category?: AdminCategory
  errors: Errors | undefined
  visibleLabel: string
  editorHeight: number
}) {
  const [visible, setVisible] = useState(category?.affichee ?? true)
  return (
    <div className="space-y-4">
      <TextField label="Nom" name="nom" required defaultValue={category?.nom} error={errors?.nom?.[0]} />
      <TextField
        label="Ordre"
        name="ordre"
        type="number"
        step="1"
        inputMode="numeric"
        defaultValue={category?.ordre ?? 0}
        error={errors?.ordre?.[0]}
        hint="Les catégories sont affichées par ordre croissant."
      />
      <VisibilitySwitch label={visibleLabel} checked={visible} onCheckedChange={setVisible} name="affichee" />
      <RichTextEditor
        name="description"
        label="Description"
        defaultValue={category?.description}
        height={editorHeight}
      />
      <ImageUploadField name="image_url" folder="categories" defaultUrl={category?.image_url} />
    </div>
  )
}

/** Runs `onDone` once when the fetcher's answer is a success. */
function useOnSuccess(fetcher: { state: string; data?: AdminActionData }, onDone: () => void) {
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onDone()
  }, [fetcher.state, fetcher.data, onDone])
}

/**
 * Inline creation form opened by 'Nouvelle catégorie' (back-office spec §4: closed on 'Annuler'
 * or on success; the list reloads). Defaults: ordre 0, visible (spec §9); editor 120 px high.
 */
export function CategoryCreateForm({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<AdminActionData>()
  const [localErrors, setLocalErrors] = useState<Errors | null>(null)
  const busy = useIsBusy()
  const saving = fetcher.state !== 'idle'
  useOnSuccess(fetcher, onClose)
  const errors = localErrors ?? fetcher.data?.fieldErrors

  return (
    <AdminCard>
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Nouvelle catégorie</h2>
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const problems = checkCategoryForm(event)
          setLocalErrors(problems)
          if (problems) event.preventDefault()
        }}
      >
        <input type="hidden" name="intent" value="create" />
        <CategoryFields errors={errors} visibleLabel="Catégorie visible" editorHeight={120} />
        <div className="mt-6 flex flex-wrap gap-2">
          <button type="submit" className="btn" disabled={busy}>
            {saving ? 'Création...' : 'Créer la catégorie'}
          </button>
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={saving}>
            Annuler
          </button>
        </div>
      </fetcher.Form>
    </AdminCard>
  )
}

/**
 * The card's edit form (back-office spec §2: name, ordre, affichee, description, image; §4: edit
 * ends on cancel or successful save). Editor 100 px high (spec §9).
 */
export function CategoryEditForm({ category, onClose }: { category: AdminCategory; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionData>()
  const [localErrors, setLocalErrors] = useState<Errors | null>(null)
  const busy = useIsBusy()
  const saving = fetcher.state !== 'idle'
  useOnSuccess(fetcher, onClose)
  const errors = localErrors ?? fetcher.data?.fieldErrors

  return (
    <fetcher.Form
      method="post"
      noValidate
      aria-label={`Modifier la catégorie ${category.nom}`}
      onSubmit={(event) => {
        const problems = checkCategoryForm(event)
        setLocalErrors(problems)
        if (problems) event.preventDefault()
      }}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={category.id} />
      <CategoryFields category={category} errors={errors} visibleLabel="Visible" editorHeight={100} />
      <div className="mt-6 flex flex-wrap gap-2">
        <button type="submit" className="btn" disabled={busy}>
          {saving ? 'Enregistrement...' : 'Enregistrer'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onClose} disabled={saving}>
          Annuler
        </button>
      </div>
    </fetcher.Form>
  )
}
