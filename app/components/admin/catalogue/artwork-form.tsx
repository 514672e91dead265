import { type FormEvent, useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { ARTWORK_STATUT_OPTIONS, artworkFormSchema } from '#app/lib/admin/catalogue-schema'
import { parseForm } from '#app/lib/admin/form-fields'
import type { AdminActionData } from '#app/lib/admin-result'
import type { AdminArtwork } from '#app/services/catalogue/list-admin-artworks.server'
import { ArtworkImagesField } from './artwork-images-field'
import { FieldError, TextField, useIsBusy } from './fields'

type Errors = Record<string, string[] | undefined>

function SelectField({
  label,
  name,
  defaultValue,
  options,
  error,
}: {
  label: string
  name: string
  defaultValue: string
  options: ReadonlyArray<{ value: string; label: string }>
  error?: string
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-sky-500 focus:ring-2 focus:ring-sky-500 focus:outline-none"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

/**
 * The artwork form (back-office spec §3 Artwork, §5, §9) for creating or editing: nom (required),
 * description (rich text), technique, dimensions, année, prix in euros (step 0.01), statut
 * (disponible by default), catégorie, tags comma separated, visibility, ordre and up to 10
 * images. Calls `onSaved` after a successful save.
 *
 * @param artwork - the artwork to edit, or undefined to create one.
 * @param categories - the category choices.
 * @param defaultCategoryId - the category preselected for a new artwork (the screen's filter).
 */
export function ArtworkForm({
  artwork,
  categories,
  defaultCategoryId,
  onSaved,
  onCancel,
}: {
  artwork?: AdminArtwork
  categories: ReadonlyArray<{ id: string; nom: string }>
  defaultCategoryId?: string
  onSaved: () => void
  onCancel: () => void
}) {
  const fetcher = useFetcher<AdminActionData>()
  const [localErrors, setLocalErrors] = useState<Errors | null>(null)
  const [visible, setVisible] = useState(artwork?.affichee ?? true)
  const busy = useIsBusy()
  const saving = fetcher.state !== 'idle'
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onSaved()
  }, [fetcher.state, fetcher.data, onSaved])
  const errors = localErrors ?? fetcher.data?.fieldErrors

  function check(event: FormEvent<HTMLFormElement>) {
    const parsed = parseForm(new FormData(event.currentTarget), artworkFormSchema)
    if (parsed.ok) {
      setLocalErrors(null)
      return
    }
    event.preventDefault()
    setLocalErrors(parsed.fieldErrors)
  }

  return (
    <fetcher.Form method="post" noValidate onSubmit={check} className="space-y-4">
      <input type="hidden" name="intent" value={artwork ? 'update' : 'create'} />
      {artwork ? <input type="hidden" name="id" value={artwork.id} /> : null}
      <TextField label="Nom" name="nom" required defaultValue={artwork?.nom} error={errors?.nom?.[0]} />
      <RichTextEditor name="description" label="Description" defaultValue={artwork?.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Technique"
          name="technique"
          defaultValue={artwork?.technique}
          error={errors?.technique?.[0]}
          placeholder="Encre de Chine sur papier washi"
        />
        <TextField
          label="Dimensions"
          name="dimensions"
          defaultValue={artwork?.dimensions}
          error={errors?.dimensions?.[0]}
          placeholder="50x70 cm"
        />
        <TextField
          label="Année"
          name="annee"
          type="number"
          step="1"
          inputMode="numeric"
          defaultValue={artwork?.annee}
          error={errors?.annee?.[0]}
        />
        <TextField
          label="Prix (€)"
          name="prix"
          type="number"
          step="0.01"
          inputMode="decimal"
          defaultValue={artwork?.prix}
          error={errors?.prix?.[0]}
          hint="Affiché seulement quand l'œuvre est disponible."
        />
        <SelectField
          label="Statut"
          name="statut"
          defaultValue={artwork?.statut ?? 'disponible'}
          options={ARTWORK_STATUT_OPTIONS}
          error={errors?.statut?.[0]}
        />
        <SelectField
          label="Catégorie"
          name="categorie_id"
          defaultValue={artwork ? (artwork.categorie_id ?? '') : (defaultCategoryId ?? '')}
          options={[
            { value: '', label: 'Sans catégorie' },
            ...categories.map((category) => ({ value: category.id, label: category.nom })),
          ]}
          error={errors?.categorie_id?.[0]}
        />
        <TextField
          label="Tags"
          name="tags"
          defaultValue={artwork?.tags.join(', ')}
          error={errors?.tags?.[0]}
          hint="Séparés par des virgules, par exemple : encre, washi, kanji"
        />
        <TextField
          label="Ordre"
          name="ordre"
          type="number"
          step="1"
          inputMode="numeric"
          defaultValue={artwork?.ordre ?? 0}
          error={errors?.ordre?.[0]}
        />
      </div>
      <VisibilitySwitch
        label="Œuvre visible"
        checked={visible}
        onCheckedChange={setVisible}
        name="affichee"
      />
      <ArtworkImagesField defaultUrls={artwork?.images ?? []} />
      <FieldError error={errors?.images?.[0]} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Annuler
        </button>
        <button type="submit" className="btn" disabled={busy}>
          {saving ? 'Enregistrement...' : artwork ? 'Enregistrer' : "Créer l'œuvre"}
        </button>
      </div>
    </fetcher.Form>
  )
}
