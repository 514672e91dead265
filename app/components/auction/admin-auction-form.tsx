import { Info, LoaderCircle, Plus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { DateTimeField, EuroField, fieldBinder, SelectField, TextField } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import type { AdminActionData } from '#app/lib/admin-result'

/** Fetcher key of the creation form, so the page can tell its answer apart. */
export const CREATE_AUCTION_FETCHER = 'creer-enchere'

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
  const field = fieldBinder((name) => errors?.[name])

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok || handled.current === fetcher.data) return
    handled.current = fetcher.data
    setFormKey((key) => key + 1)
  }, [fetcher.state, fetcher.data])

  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Créer une nouvelle enchère</h2>
      <p className="mt-2 flex items-start gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Une seule enchère peut être active à la fois
      </p>
      <fetcher.Form key={formKey} method="post" noValidate className="mt-5 space-y-4">
        <input type="hidden" name="intent" value="create" />
        <TextField label="Nom de l'enchère" {...field('nom')} required maxLength={200} />
        <div className="grid gap-4 sm:grid-cols-2">
          <EuroField label="Prix de départ (€)" {...field('prix_depart')} min="1" required />
          <EuroField
            label="Prix de réserve (€)"
            {...field('prix_reserve')}
            min="1"
            description="Facultatif"
          />
          <DateTimeField
            label="Date de début"
            {...field('date_debut', defaults.date_debut)}
            required
            description={zoneLabel}
          />
          <DateTimeField
            label="Date de fin"
            {...field('date_fin', defaults.date_fin)}
            required
            description={zoneLabel}
          />
        </div>
        <SelectField label="Œuvre" {...field('oeuvre_id')}>
          <option value="">Aucune œuvre</option>
          {artworks.map((artwork) => (
            <option key={artwork.id} value={artwork.id}>
              {artwork.nom}
            </option>
          ))}
        </SelectField>
        <RichTextEditor name="description" label="Description" />
        <Button type="submit" className="w-full sm:w-auto" disabled={isBusy}>
          {isBusy ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          Créer l'enchère
        </Button>
      </fetcher.Form>
    </Card>
  )
}
