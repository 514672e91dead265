import { useId } from 'react'
import { useFetcher } from 'react-router'
import { AdminCard } from '#app/components/admin/admin-page'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { EVENT_TITLE_MAX } from '#app/lib/admin/event-schema'
import { type AdminActionData, fieldError } from '#app/lib/admin-result'
import { describedBy, Field, INPUT_CLASS } from './field'

/** The parcours page configuration as the loader gives it. */
export type ParcoursPageValues = {
  titre: string
  description: string | null
  image_url: string | null
  image_height: string | null
  image_width: string | null
}

/**
 * Sub-form of /admin/evenements for the /parcours page (back-office spec §2 "Timeline events",
 * §5 "Parcours page config: titre required", §7): title, description (rich text), banner image
 * (folder 'pages') and its CSS height and width. Saved with 'Configuration sauvegardée'.
 */
export function ParcoursPageForm({ config }: { config: ParcoursPageValues }) {
  const fetcher = useFetcher<AdminActionData>()
  const id = useId()
  const busy = fetcher.state !== 'idle'
  const error = (name: string) => fieldError(fetcher.data, name)

  return (
    <AdminCard>
      <fetcher.Form method="post" noValidate aria-labelledby={`${id}-heading`} className="space-y-4">
        <input type="hidden" name="intent" value="save-page" />
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900">
            Configuration de la page Parcours
          </h2>
          <p className="text-sm text-gray-600">Titre, description et bannière de la page /parcours.</p>
        </div>
        <Field id={`${id}-titre`} label="Titre" required error={error('titre')}>
          <input
            id={`${id}-titre`}
            name="titre"
            defaultValue={config.titre}
            maxLength={EVENT_TITLE_MAX}
            required
            className={INPUT_CLASS}
            {...describedBy(`${id}-titre`, error('titre'))}
          />
        </Field>
        <RichTextEditor name="description" label="Description" defaultValue={config.description ?? ''} />
        <ImageUploadField
          name="image_url"
          label="Image de bannière"
          folder="pages"
          defaultUrl={config.image_url}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-hauteur`}
            label="Hauteur de l'image"
            error={error('image_height')}
            hint="Ex. 320px, 40vh (px, vh, vw, rem ou %)"
          >
            <input
              id={`${id}-hauteur`}
              name="image_height"
              defaultValue={config.image_height ?? ''}
              placeholder="320px"
              className={INPUT_CLASS}
              {...describedBy(`${id}-hauteur`, error('image_height'), true)}
            />
          </Field>
          <Field
            id={`${id}-largeur`}
            label="Largeur de l'image"
            error={error('image_width')}
            hint="Ex. 100%, 1200px (px, vh, vw, rem ou %)"
          >
            <input
              id={`${id}-largeur`}
              name="image_width"
              defaultValue={config.image_width ?? ''}
              placeholder="100%"
              className={INPUT_CLASS}
              {...describedBy(`${id}-largeur`, error('image_width'), true)}
            />
          </Field>
        </div>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Enregistrement...' : 'Sauvegarder la configuration'}
        </button>
      </fetcher.Form>
    </AdminCard>
  )
}
