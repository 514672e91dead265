import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { type FieldErrors, TextField } from '#app/components/forms'

/** A banner size field's example and help line. */
export type BannerSizeHint = { placeholder?: string; description: string }

/** The banner's two CSS sizes, in the form's order. */
const SIZES = [
  { name: 'image_height', label: "Hauteur de l'image", hint: 'height' },
  { name: 'image_width', label: "Largeur de l'image", hint: 'width' },
] as const

/**
 * A page's description and banner fields (back-office spec §2 "Page configuration", "Timeline
 * events" parcours sub-form): the rich-text description, the banner image (folder 'pages') and
 * its CSS height and width side by side. They post description, image_url, image_height and
 * image_width.
 *
 * @param values - the stored description, image and sizes (null: empty).
 * @param error - a field's error by its posted name.
 * @param hints - each size's placeholder and help line.
 */
export function BannerFields({
  values,
  error,
  hints,
}: {
  values: {
    description: string | null
    image_url: string | null
    image_height: string | null
    image_width: string | null
  }
  error: (name: string) => FieldErrors
  hints: { height: BannerSizeHint; width: BannerSizeHint }
}) {
  return (
    <>
      <RichTextEditor name="description" label="Description" defaultValue={values.description ?? ''} />
      <ImageUploadField
        name="image_url"
        label="Image de bannière"
        folder="pages"
        defaultUrl={values.image_url}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {SIZES.map((size) => (
          <TextField
            key={size.name}
            label={size.label}
            name={size.name}
            defaultValue={values[size.name] ?? ''}
            placeholder={hints[size.hint].placeholder}
            description={hints[size.hint].description}
            errors={error(size.name)}
          />
        ))}
      </div>
    </>
  )
}
