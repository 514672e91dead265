import type { ReactNode } from 'react'
import { DialogForm } from '#app/components/admin/dialog-form'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { FormVisibilitySwitch } from '#app/components/admin/visibility-switch'
import { FieldError, SelectField, TextField } from '#app/components/forms'
import {
  DEFAULT_PHOTO_SIZE,
  PHOTO_SIZE_LABELS,
  PHOTO_SIZES,
  type PhotoSize,
  photoSchemas,
} from '#app/lib/admin/atelier-schema'

/** The photo fields a form starts from (a stored photo, or the defaults of a new one). */
export type PhotoFormValues = {
  id?: string
  nom: string | null
  description: string | null
  image_url: string | null
  taille: PhotoSize
  affichee: boolean
}

const NEW_PHOTO: PhotoFormValues = {
  nom: null,
  description: null,
  image_url: null,
  taille: DEFAULT_PHOTO_SIZE,
  affichee: true,
}

/**
 * Add or edit one studio photo in a dialog (back-office spec §2, §3, §5, §9): image (required,
 * folder 'atelier'), name and description (rich text) optional, size (default Moyenne), visible by
 * default. A new photo goes after the last one.
 *
 * @param photo - the photo to edit; absent for 'Ajouter une photo'.
 */
export function PhotoFormDialog({ photo, trigger }: { photo?: PhotoFormValues; trigger: ReactNode }) {
  return (
    <DialogForm
      schemas={photoSchemas}
      row={photo}
      trigger={trigger}
      defaults={NEW_PHOTO}
      title={{ create: 'Ajouter une photo', update: 'Modifier la photo' }}
    >
      {(form, values) => (
        <>
          <div>
            <ImageUploadField
              name="image_url"
              label="Image *"
              folder="atelier"
              defaultUrl={values.image_url}
            />
            <FieldError errors={form.error('image_url')} />
          </div>
          <TextField label="Nom" {...form.field('nom', values.nom)} autoComplete="off" />
          <RichTextEditor name="description" label="Description" defaultValue={values.description} />
          <SelectField
            label="Taille"
            {...form.field('taille', values.taille)}
            options={PHOTO_SIZES.map((size) => ({ value: size, label: PHOTO_SIZE_LABELS[size] }))}
          />
          <FormVisibilitySwitch
            label={(affichee) => (affichee ? 'Photo affichée' : 'Photo masquée')}
            name="affichee"
            defaultChecked={values.affichee}
          />
        </>
      )}
    </DialogForm>
  )
}
