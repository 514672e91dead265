import { Info, LoaderCircle, Plus } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { AdminCard } from '#app/components/admin/admin-page'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import type { AdminActionData } from '#app/lib/admin-result'

/** Fetcher key of the creation form, so the page can tell its answer apart. */
export const CREATE_AUCTION_FETCHER = 'creer-enchere'

const inputClass =
  'block w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-sky-500 focus:ring-2 focus:ring-sky-500 focus:outline-none aria-invalid:border-red-600'

function Field({
  label,
  name,
  error,
  hint,
  required,
  ...input
}: {
  label: string
  name: string
  error?: string
  hint?: string
  required?: boolean
} & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  'type' | 'min' | 'step' | 'defaultValue' | 'inputMode' | 'maxLength'
>) {
  const id = useId()
  const described = [error ? `${id}-erreur` : null, hint ? `${id}-aide` : null].filter(Boolean).join(' ')
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass}
        {...input}
      />
      {hint ? (
        <p id={`${id}-aide`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-erreur`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The form 'Créer une nouvelle enchère' (back-office spec §2 "Auctions", §5): name, start price
 * (≥ 1 €), optional reserve price (≥ 1 €), start and end as date-times in the site's time zone,
 * optional artwork and description, with the note 'Une seule enchère peut être active à la fois'.
 * Posts intent 'create' through a fetcher; the answer's toast shows ('Enchère créée et activée',
 * 'Enchère programmée avec succès', 'Une enchère est déjà active', 'Impossible de créer
 * l'enchère'), field errors show under their fields, and the form empties after a success.
 *
 * @param defaults - start and end `datetime-local` values to offer (site time zone).
 * @param zoneLabel - how the time zone is named in the hints, e.g. 'heure de Paris'.
 * @param artworks - the select's choices.
 */
export function AdminAuctionForm({
  defaults,
  zoneLabel,
  artworks,
}: {
  defaults: { date_debut: string; date_fin: string }
  zoneLabel: string
  artworks: Array<{ id: string; nom: string }>
}) {
  const fetcher = useFetcher<AdminActionData>({ key: CREATE_AUCTION_FETCHER })
  const [formKey, setFormKey] = useState(0)
  const handled = useRef<AdminActionData | undefined>(undefined)
  const isBusy = fetcher.state !== 'idle'
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined
  const selectId = useId()

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok || handled.current === fetcher.data) return
    handled.current = fetcher.data
    setFormKey((key) => key + 1)
  }, [fetcher.state, fetcher.data])

  return (
    <AdminCard>
      <h2 className="text-lg font-semibold text-gray-900">Créer une nouvelle enchère</h2>
      <p className="mt-2 flex items-start gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Une seule enchère peut être active à la fois
      </p>
      <fetcher.Form key={formKey} method="post" noValidate className="mt-5 space-y-4">
        <input type="hidden" name="intent" value="create" />
        <Field label="Nom de l'enchère" name="nom" required maxLength={200} error={errors?.nom?.[0]} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Prix de départ (€)"
            name="prix_depart"
            type="number"
            min="1"
            step="0.01"
            inputMode="decimal"
            required
            error={errors?.prix_depart?.[0]}
          />
          <Field
            label="Prix de réserve (€)"
            name="prix_reserve"
            type="number"
            min="1"
            step="0.01"
            inputMode="decimal"
            hint="Facultatif"
            error={errors?.prix_reserve?.[0]}
          />
          <Field
            label="Date de début"
            name="date_debut"
            type="datetime-local"
            required
            defaultValue={defaults.date_debut}
            hint={zoneLabel}
            error={errors?.date_debut?.[0]}
          />
          <Field
            label="Date de fin"
            name="date_fin"
            type="datetime-local"
            required
            defaultValue={defaults.date_fin}
            hint={zoneLabel}
            error={errors?.date_fin?.[0]}
          />
        </div>
        <div>
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-gray-800">
            Œuvre
          </label>
          <select
            id={selectId}
            name="oeuvre_id"
            defaultValue=""
            aria-invalid={errors?.oeuvre_id ? true : undefined}
            className={inputClass}
          >
            <option value="">Aucune œuvre</option>
            {artworks.map((artwork) => (
              <option key={artwork.id} value={artwork.id}>
                {artwork.nom}
              </option>
            ))}
          </select>
          {errors?.oeuvre_id ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.oeuvre_id[0]}
            </p>
          ) : null}
        </div>
        <RichTextEditor name="description" label="Description" />
        <button type="submit" className="btn w-full sm:w-auto" disabled={isBusy}>
          {isBusy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          Créer l'enchère
        </button>
      </fetcher.Form>
    </AdminCard>
  )
}
