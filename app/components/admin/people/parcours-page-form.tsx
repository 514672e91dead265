import { useId } from 'react'
import { BannerFields } from '#app/components/admin/banner-fields'
import { useAdminForm } from '#app/components/admin/dialog-form'
import { TextField } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import { EVENT_TITLE_MAX, parcoursPageSchema } from '#app/lib/admin/event-schema'

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
  const { fetcher, error, field, onSubmit, busy } = useAdminForm(parcoursPageSchema, {
    failure: 'Une erreur est survenue lors de la sauvegarde',
  })
  const id = useId()

  return (
    <Card>
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={`${id}-heading`}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="save-page" />
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-gray-900">
            Configuration de la page Parcours
          </h2>
          <p className="text-sm text-gray-600">Titre, description et bannière de la page /parcours.</p>
        </div>
        <TextField label="Titre" {...field('titre', config.titre)} maxLength={EVENT_TITLE_MAX} required />
        <BannerFields
          values={config}
          error={error}
          hints={{
            height: { placeholder: '320px', description: 'Ex. 320px, 40vh (px, vh, vw, rem ou %)' },
            width: { placeholder: '100%', description: 'Ex. 100%, 1200px (px, vh, vw, rem ou %)' },
          }}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Enregistrement...' : 'Sauvegarder la configuration'}
        </Button>
      </fetcher.Form>
    </Card>
  )
}
