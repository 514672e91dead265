import { useState } from 'react'
import { useAdminForm } from '#app/components/admin/dialog-form'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { type FieldErrors, OrderField, TextField, useIsBusy } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { categoryFormSchema } from '#app/lib/admin/catalogue-schema'
import type { AdminCategory } from '#app/services/catalogue/list-admin-categories.server'

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
  errors: Record<string, FieldErrors>
  visibleLabel: string
  editorHeight: number
}) {
  const [visible, setVisible] = useState(category?.affichee ?? true)
  return (
    <div className="space-y-4">
      <TextField label="Nom" name="nom" required defaultValue={category?.nom} errors={errors.nom} />
      <OrderField
        defaultValue={category?.ordre ?? 0}
        errors={errors.ordre}
        description="Les catégories sont affichées par ordre croissant."
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

/**
 * A category form's submit button (disabled while any back-office call runs; `savingLabel` while
 * this form posts) and its 'Annuler' button (disabled while this form posts).
 */
function CategoryFormButtons({
  saving,
  onClose,
  label,
  savingLabel,
}: {
  saving: boolean
  onClose: () => void
  label: string
  savingLabel: string
}) {
  const busy = useIsBusy()
  return (
    <div className="mt-6 flex flex-wrap gap-2">
      <Button type="submit" disabled={busy}>
        {saving ? savingLabel : label}
      </Button>
      <Button variant="outline" onClick={onClose} disabled={saving}>
        Annuler
      </Button>
    </div>
  )
}

/**
 * Inline creation form opened by 'Nouvelle catégorie' (back-office spec §4: closed on 'Annuler'
 * or on success; the list reloads). Defaults: ordre 0, visible (spec §9); editor 120 px high.
 */
export function CategoryCreateForm({ onClose }: { onClose: () => void }) {
  const { fetcher, errors, onSubmit, busy: saving } = useAdminForm(categoryFormSchema, { onSuccess: onClose })

  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Nouvelle catégorie</h2>
      <fetcher.Form method="post" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="create" />
        <CategoryFields errors={errors} visibleLabel="Catégorie visible" editorHeight={120} />
        <CategoryFormButtons
          saving={saving}
          onClose={onClose}
          label="Créer la catégorie"
          savingLabel="Création..."
        />
      </fetcher.Form>
    </Card>
  )
}

/**
 * The card's edit form (back-office spec §2: name, ordre, affichee, description, image; §4: edit
 * ends on cancel or successful save). Editor 100 px high (spec §9).
 */
export function CategoryEditForm({ category, onClose }: { category: AdminCategory; onClose: () => void }) {
  const { fetcher, errors, onSubmit, busy: saving } = useAdminForm(categoryFormSchema, { onSuccess: onClose })

  return (
    <fetcher.Form
      method="post"
      noValidate
      aria-label={`Modifier la catégorie ${category.nom}`}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={category.id} />
      <CategoryFields category={category} errors={errors} visibleLabel="Visible" editorHeight={100} />
      <CategoryFormButtons
        saving={saving}
        onClose={onClose}
        label="Enregistrer"
        savingLabel="Enregistrement..."
      />
    </fetcher.Form>
  )
}
