import type { ReactNode } from 'react'
import { DialogForm } from '#app/components/admin/dialog-form'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { FormVisibilitySwitch } from '#app/components/admin/visibility-switch'
import { OrderField, SelectField, TextareaField, TextField, ZonedDateField } from '#app/components/forms'
import { episodeSchemas, NO_SEASON } from '#app/lib/admin/podcast-schema'
import { PLAYER_HOST_SUFFIXES, PLAYER_HOSTS } from '#app/lib/podcast-player'
import type { AdminPodcastEpisode } from '#app/services/podcasts/list-admin-podcast-episodes.server'

/** The episode fields a form starts from (a stored episode, or the defaults of a new one). */
export type EpisodeFormValues = Omit<AdminPodcastEpisode, 'id' | 'season'> & { id?: string }

const NEW_EPISODE: EpisodeFormValues = {
  titre: '',
  saison_id: null,
  resume: null,
  description: null,
  transcription: null,
  image_url: null,
  code_player_html: null,
  duree: null,
  date_publication: '',
  publie: false,
  ordre: 0,
}

/** The accepted player hosts, as the note under the player code says them. */
const HOSTS = [...PLAYER_HOSTS, ...PLAYER_HOST_SUFFIXES.map((suffix) => `*${suffix}`)]

/**
 * Create or edit a podcast episode in a dialog (back-office spec §2, §3, §5): titre (required),
 * season ('Aucune saison' = none → null), résumé, description (rich text), transcription, image
 * (folder 'episodes-podcast'), player code with the accepted hosts (DESIGN.md §5), durée,
 * publication date (empty → null), publié, ordre.
 *
 * @param episode - the episode to edit; absent for 'Nouvel épisode'.
 * @param seasons - every season, for the select.
 */
export function EpisodeFormDialog({
  episode,
  seasons,
  trigger,
}: {
  episode?: EpisodeFormValues
  seasons: ReadonlyArray<{ id: string; nom: string }>
  trigger: ReactNode
}) {
  return (
    <DialogForm
      schemas={episodeSchemas}
      row={episode}
      trigger={trigger}
      defaults={NEW_EPISODE}
      title={{ create: 'Nouvel épisode', update: "Modifier l'épisode" }}
      wide
    >
      {(form, values) => (
        <>
          <TextField label="Titre *" {...form.field('titre', values.titre)} autoComplete="off" />
          <SelectField label="Saison" {...form.field('saison_id', values.saison_id ?? NO_SEASON)}>
            <option value={NO_SEASON}>Aucune saison</option>
            {seasons.map((season) => (
              <option key={season.id} value={season.id}>
                {season.nom}
              </option>
            ))}
          </SelectField>
          <TextareaField label="Résumé" {...form.field('resume', values.resume)} rows={3} />
          <RichTextEditor name="description" label="Description" defaultValue={values.description} />
          <TextareaField
            label="Transcription"
            {...form.field('transcription', values.transcription)}
            rows={5}
          />
          <ImageUploadField name="image_url" folder="episodes-podcast" defaultUrl={values.image_url} />
          <TextareaField
            label="Code du lecteur (HTML)"
            {...form.field('code_player_html', values.code_player_html)}
            rows={4}
            spellCheck={false}
            controlClassName="font-mono"
            description={
              <>
                Collez le code d'intégration (iframe) fourni par l'hébergeur du podcast. Hébergeurs acceptés :{' '}
                {HOSTS.join(', ')}. Le lecteur d'un autre hébergeur s'affiche seulement comme du HTML statique
                (sans son lecteur interactif).
              </>
            }
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="Durée" {...form.field('duree', values.duree)} placeholder="ex. 32 min" />
            <ZonedDateField
              label="Date de publication"
              {...form.field('date_publication', values.date_publication)}
            />
            <OrderField {...form.field('ordre', values.ordre)} />
          </div>
          <FormVisibilitySwitch label="Épisode publié" name="publie" defaultChecked={values.publie} />
        </>
      )}
    </DialogForm>
  )
}
