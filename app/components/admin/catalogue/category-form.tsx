import { useState } from 'react'
import { useAdminForm } from '#app/components/admin/dialog-form'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { type FieldErrors, fieldBinder, OrderField, TextField, useIsBusy } from '#app/components/forms'
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
  const field = fieldBinder((name) => errors[name])
  return (
    <div className="space-y-4">
      <TextField label="Nom" {...field('nom', category?.nom)} required />
      <OrderField
        {...field('ordre', category?.ordre ?? 0)}
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
 * A category's form (back-office spec §2 "Categories", §4, §9): without `category`, the inline
 * creation form opened by 'Nouvelle catégorie' (defaults: ordre 0, visible; editor 120 px high);
 * with it, the card's edit form (editor 100 px high). Closed on 'Annuler' or on a successful save
 * (the list reloads). The submit button is disabled while any back-office call runs.
 *
 * @param category - the category edited, or undefined for a new one.
 * @param onClose - run on 'Annuler' and after a successful save; keep it stable.
 */
export function CategoryForm({ category, onClose }: { category?: AdminCategory; onClose: () => void }) {
  const { fetcher, errors, onSubmit, busy: saving } = useAdminForm(categoryFormSchema, { onSuccess: onClose })
  const busy = useIsBusy()
  const submit = category
    ? { idle: 'Enregistrer', saving: 'Enregistrement...' }
    : { idle: 'Créer la catégorie', saving: 'Création...' }
  const form = (
    <fetcher.Form
      method="post"
      noValidate
      aria-label={category ? `Modifier la catégorie ${category.nom}` : undefined}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value={category ? 'update' : 'create'} />
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      <CategoryFields
        category={category}
        errors={errors}
        visibleLabel={category ? 'Visible' : 'Catégorie visible'}
        editorHeight={category ? 100 : 120}
      />
      <div className="mt-6 flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {saving ? submit.saving : submit.idle}
        </Button>
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Annuler
        </Button>
      </div>
    </fetcher.Form>
  )
  if (category) return form
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-gray-900">Nouvelle catégorie</h2>
      {form}
    </Card>
  )
}
