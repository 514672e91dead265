import { Info, LoaderCircle, Plus, Search } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useFetcher } from 'react-router'
import { useAdminAnswer } from '#app/components/admin/action-answer'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import {
  DateTimeField,
  EuroField,
  FieldError,
  type FieldErrors,
  fieldBinder,
  TextField,
} from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { Card } from '#app/components/ui/card'
import type { AdminActionData } from '#app/lib/admin-result'

/** Fetcher key of the creation form, so the page can tell its answer apart. */
export const CREATE_AUCTION_FETCHER = 'creer-enchere'

/** The query parameter of the artwork picker's search (issue #35 §2). */
export const ARTWORK_SEARCH_PARAM = 'oeuvre_q'

/** The id of the picker's GET form (its field and button sit inside the creation form). */
const ARTWORK_SEARCH_FORM = 'recherche-oeuvre'

type ArtworkOption = { id: string; nom: string }

/**
 * The form's artwork picker (issue #35 §2: no drop-down of every work): a search on the work's
 * name and, as radio buttons `oeuvre_id`, « Aucune œuvre » and the 20 works at most that match.
 * Without JavaScript the search is a GET form (`?oeuvre_q=`) that reloads the screen with the
 * matches; with it, the matches follow the typing (a fetcher reading the same address). The work
 * chosen stays listed while another search is made.
 */
function ArtworkPicker({
  matches,
  query,
  errors,
}: {
  matches: ArtworkOption[]
  query: string
  errors: FieldErrors
}) {
  const search = useFetcher<{ artworks: ArtworkOption[]; artworkQuery: string }>()
  const [text, setText] = useState(query)
  const [chosen, setChosen] = useState<ArtworkOption | null>(null)
  const typed = useRef(false)
  const id = useId()
  const { load } = search
  useEffect(() => {
    if (!typed.current) return
    const timer = setTimeout(
      () => load(`/admin/encheres?${new URLSearchParams({ [ARTWORK_SEARCH_PARAM]: text.trim() })}`),
      250,
    )
    return () => clearTimeout(timer)
  }, [text, load])
  const found = search.data?.artworks ?? matches
  const shownQuery = search.data?.artworkQuery ?? query
  const options = chosen && !found.some((artwork) => artwork.id === chosen.id) ? [chosen, ...found] : found
  const radio = 'size-4 shrink-0'
  return (
    <fieldset aria-describedby={`${id}-aide`}>
      <legend className="mb-1 block text-sm font-medium text-gray-800">Œuvre</legend>
      <div className="flex gap-2">
        <label htmlFor={`${id}-recherche`} className="sr-only">
          Rechercher une œuvre par son nom
        </label>
        <input
          id={`${id}-recherche`}
          type="search"
          form={ARTWORK_SEARCH_FORM}
          name={ARTWORK_SEARCH_PARAM}
          value={text}
          placeholder="Nom de l’œuvre…"
          maxLength={100}
          onChange={(event) => {
            typed.current = true
            setText(event.currentTarget.value)
          }}
          className="block w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-sky-500 focus:ring-2 focus:ring-sky-500 focus:outline-none"
        />
        <Button type="submit" form={ARTWORK_SEARCH_FORM} variant="outline">
          <Search aria-hidden="true" className="size-4" />
          Chercher
        </Button>
      </div>
      <p id={`${id}-aide`} className="mt-1 text-xs text-gray-600" aria-live="polite">
        {shownQuery
          ? found.length === 0
            ? `Aucune œuvre ne correspond à « ${shownQuery} ».`
            : `${found.length} œuvre${found.length > 1 ? 's' : ''} pour « ${shownQuery} »${found.length >= 20 ? ' (les 20 premières)' : ''}.`
          : 'Tapez une partie du nom pour trouver l’œuvre.'}
      </p>
      <ul className="mt-2 max-h-60 space-y-1 overflow-y-auto rounded-md border border-gray-200 p-2">
        <li>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="oeuvre_id"
              value=""
              checked={chosen === null}
              onChange={() => setChosen(null)}
              className={radio}
            />
            Aucune œuvre
          </label>
        </li>
        {options.map((artwork) => (
          <li key={artwork.id}>
            <label className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name="oeuvre_id"
                value={artwork.id}
                checked={chosen?.id === artwork.id}
                onChange={() => setChosen(artwork)}
                className={radio}
              />
              <span className="break-words">{artwork.nom}</span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError errors={errors} />
    </fieldset>
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
 * @param artworks - the works matching the picker's search (20 at most).
 * @param artworkQuery - the picker's search from the address (`?oeuvre_q=`), '' for none.
 */
export function AdminAuctionForm({
  defaults,
  artworks,
  artworkQuery = '',
}: {
  defaults: { date_debut: string; date_fin: string }
  artworks: ArtworkOption[]
  artworkQuery?: string
}) {
  const fetcher = useFetcher<AdminActionData>({ key: CREATE_AUCTION_FETCHER })
  const [formKey, setFormKey] = useState(0)
  const handled = useRef<AdminActionData | undefined>(undefined)
  const isBusy = fetcher.state !== 'idle'
  // Posted without JavaScript, the answer is the page's own (issue #36 §5).
  const answer = useAdminAnswer(fetcher, 'create')
  const errors = answer && !answer.ok ? answer.fieldErrors : undefined
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
          <DateTimeField label="Date de début" {...field('date_debut', defaults.date_debut)} required />
          <DateTimeField label="Date de fin" {...field('date_fin', defaults.date_fin)} required />
        </div>
        <ArtworkPicker matches={artworks} query={artworkQuery} errors={errors?.oeuvre_id} />
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
      <Form method="get" id={ARTWORK_SEARCH_FORM} aria-hidden="true" />
    </Card>
  )
}
