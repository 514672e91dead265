import type { ReactNode } from 'react'
import { DialogForm } from '#app/components/admin/dialog-form'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { FormVisibilitySwitch } from '#app/components/admin/visibility-switch'
import { OrderField, TextField } from '#app/components/forms'
import { seasonSchemas } from '#app/lib/admin/podcast-schema'
import type { AdminPodcastSeason } from '#app/services/podcasts/list-admin-podcast-seasons.server'

/** The season fields a form starts from (a stored season, or the defaults of a new one). */
export type SeasonFormValues = Omit<AdminPodcastSeason, 'id' | 'episodeCount'> & { id?: string }

const NEW_SEASON: SeasonFormValues = { nom: '', description: null, image_url: null, ordre: 0, affichee: true }

/**
 * Create or edit a podcast season in a dialog (back-office spec §2, §3, §5): nom (required),
 * description (rich text, 150 px), image (folder 'saisons-podcast'), ordre, affichee.
 *
 * @param season - the season to edit; absent for 'Nouvelle saison'.
 * @param trigger - the button opening the dialog.
 */
export function SeasonFormDialog({ season, trigger }: { season?: SeasonFormValues; trigger: ReactNode }) {
  return (
    <DialogForm
      schemas={seasonSchemas}
      row={season}
      trigger={trigger}
      defaults={NEW_SEASON}
      title={{ create: 'Nouvelle saison', update: 'Modifier la saison' }}
    >
      {(form, values) => (
        <>
          <TextField label="Nom *" {...form.field('nom', values.nom)} autoComplete="off" />
          <RichTextEditor name="description" label="Description" defaultValue={values.description} />
          <ImageUploadField name="image_url" folder="saisons-podcast" defaultUrl={values.image_url} />
          <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
            <OrderField {...form.field('ordre', values.ordre)} />
            <div className="pb-2">
              <FormVisibilitySwitch
                label="Saison affichée"
                name="affichee"
                defaultChecked={values.affichee}
              />
            </div>
          </div>
        </>
      )}
    </DialogForm>
  )
}
