import type { ReactNode } from 'react'
import { useState } from 'react'
import { FormDialog, FormDialogActions, useDialogForm } from '#app/components/admin/dialog-form'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { TextField } from '#app/components/forms'
import { seasonSchema } from '#app/lib/admin/podcast-schema'

/** The season fields a form starts from (a stored season, or the defaults of a new one). */
export type SeasonFormValues = {
  id?: string
  nom: string
  description: string | null
  image_url: string | null
  ordre: number
  affichee: boolean
}

const NEW_SEASON: SeasonFormValues = { nom: '', description: null, image_url: null, ordre: 0, affichee: true }

/**
 * Create or edit a podcast season in a dialog (back-office spec §2, §3, §5): nom (required),
 * description (rich text, 150 px), image (folder 'saisons-podcast'), ordre, affichee.
 *
 * @param season - the season to edit; absent for 'Nouvelle saison'.
 * @param trigger - the button opening the dialog.
 */
export function SeasonFormDialog({ season, trigger }: { season?: SeasonFormValues; trigger: ReactNode }) {
  const form = useDialogForm(seasonSchema, 'Impossible de sauvegarder la saison')
  const values = season ?? NEW_SEASON
  const [affichee, setAffichee] = useState(values.affichee)

  return (
    <FormDialog
      open={form.open}
      onOpenChange={(open) => {
        if (open) setAffichee(values.affichee)
        form.setOpen(open)
      }}
      trigger={trigger}
      title={season ? 'Modifier la saison' : 'Nouvelle saison'}
    >
      <form.fetcher.Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <input type="hidden" name="intent" value={season ? 'update' : 'create'} />
        {season?.id ? <input type="hidden" name="id" value={season.id} /> : null}
        <TextField
          label="Nom *"
          name="nom"
          defaultValue={values.nom}
          errors={form.error('nom')}
          autoComplete="off"
        />
        <RichTextEditor name="description" label="Description" defaultValue={values.description} />
        <ImageUploadField name="image_url" folder="saisons-podcast" defaultUrl={values.image_url} />
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <TextField
            label="Ordre"
            name="ordre"
            type="number"
            step={1}
            inputMode="numeric"
            defaultValue={values.ordre}
            errors={form.error('ordre')}
          />
          <div className="pb-2">
            <VisibilitySwitch
              label="Saison affichée"
              checked={affichee}
              onCheckedChange={setAffichee}
              name="affichee"
            />
          </div>
        </div>
        <FormDialogActions busy={form.busy} onCancel={() => form.setOpen(false)} />
      </form.fetcher.Form>
    </FormDialog>
  )
}
