import { useEffect, useRef, useState } from 'react'
import { useAdminForm } from '#app/components/admin/dialog-form'
import { ImageUploadField } from '#app/components/admin/image-upload-field'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { FieldError, OrderField, SelectField, TextField } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import {
  DEFAULT_EVENT_TYPE,
  EVENT_FORM_TYPES,
  EVENT_PLACE_MAX,
  EVENT_TITLE_MAX,
  eventSchema,
  eventSchemas,
  eventYear,
} from '#app/lib/admin/event-schema'
import { EVENT_TYPE_LABELS } from '#app/lib/timeline-filters'

/** An event as the form edits it; absent for a new one. */
export type EventFormValues = {
  id: string
  titre: string
  description: string | null
  image_url: string | null
  date_evenement: string
  type: string
  affiche: boolean
  ordre: number
  lieu: string | null
  lieu_adresse: string | null
}

/**
 * Create or edit form of a timeline event (back-office spec §3 "Timeline event", §5, §9): date
 * (required; the year shown beside it is derived from it, the current year until a date is
 * chosen), titre (required), type (default Projet), description (rich text, 150 px), image (folder
 * 'evenements'), visibility (default shown), ordre (default 0), place and its address (optional,
 * the public page's JSON-LD `location`, issue #36 §6). Errors show under their fields;
 * `onDone` runs after a successful save.
 */
export function EventForm({ event, onDone }: { event?: EventFormValues; onDone: () => void }) {
  const { fetcher, error, field, onSubmit, busy } = useAdminForm(eventSchema, {
    failure: eventSchemas.failure[event ? 'update' : 'create'],
    onSuccess: onDone,
  })
  const [date, setDate] = useState(event?.date_evenement ?? '')
  const [affiche, setAffiche] = useState(event?.affiche ?? true)
  const titleRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    titleRef.current?.focus()
  }, [])

  return (
    <fetcher.Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label={event ? `Modifier l'événement « ${event.titre} »` : 'Nouvel événement'}
      className="space-y-4 rounded-lg border border-sky-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <input type="hidden" name="intent" value={event ? 'update' : 'create'} />
      {event ? <input type="hidden" name="id" value={event.id} /> : null}
      <h2 className="text-lg font-semibold text-gray-900">
        {event ? "Modifier l'événement" : 'Nouvel événement'}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={titleRef}
          label="Titre"
          {...field('titre', event?.titre)}
          maxLength={EVENT_TITLE_MAX}
          required
        />
        <TextField
          label="Date"
          name="date_evenement"
          type="date"
          value={date}
          onChange={(change) => setDate(change.currentTarget.value)}
          min="1000-01-01"
          max="9999-12-31"
          required
          errors={error('date_evenement')}
          description={`Année : ${eventYear(date)}`}
        />
        <SelectField
          label="Type"
          {...field(
            'type',
            event && (EVENT_FORM_TYPES as readonly string[]).includes(event.type)
              ? event.type
              : DEFAULT_EVENT_TYPE,
          )}
          options={EVENT_FORM_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] }))}
        />
        <OrderField
          {...field('ordre', event?.ordre ?? 0)}
          description="Départage les événements d'une même date."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Lieu"
          {...field('lieu', event?.lieu)}
          maxLength={EVENT_PLACE_MAX.lieu}
          description="Facultatif, par exemple Galerie Mézanine"
        />
        <TextField
          label="Adresse du lieu"
          {...field('lieu_adresse', event?.lieu_adresse)}
          maxLength={EVENT_PLACE_MAX.lieu_adresse}
          autoComplete="off"
          description="Facultatif, par exemple 12 rue de la Charité, 69002 Lyon"
        />
      </div>
      <RichTextEditor name="description" label="Description" defaultValue={event?.description ?? ''} />
      <FieldError errors={error('description')} />
      <ImageUploadField name="image_url" folder="evenements" defaultUrl={event?.image_url} />
      <FieldError errors={error('image_url')} />
      <VisibilitySwitch
        label="Événement visible"
        checked={affiche}
        onCheckedChange={setAffiche}
        name="affiche"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Enregistrement...' : event ? 'Enregistrer' : "Créer l'événement"}
        </Button>
        <Button variant="outline" disabled={busy} onClick={onDone}>
          Annuler
        </Button>
      </div>
    </fetcher.Form>
  )
}
