import { useState } from 'react'
import { useAdminForm } from '#app/components/admin/dialog-form'
import { RichTextEditor } from '#app/components/admin/rich-text-editor'
import { VisibilitySwitch } from '#app/components/admin/visibility-switch'
import { EuroField, FieldError, OrderField, SelectField, TextField, useIsBusy } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { ARTWORK_STATUT_OPTIONS, artworkFormSchema } from '#app/lib/admin/catalogue-schema'
import type { AdminArtwork } from '#app/services/catalogue/list-admin-artworks.server'
import { ArtworkImagesField } from './artwork-images-field'

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
  const {
    fetcher,
    errors,
    field,
    onSubmit,
    busy: saving,
  } = useAdminForm(artworkFormSchema, { onSuccess: onSaved })
  const [visible, setVisible] = useState(artwork?.affichee ?? true)
  const [uploading, setUploading] = useState(false)
  const busy = useIsBusy() || uploading

  return (
    <fetcher.Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value={artwork ? 'update' : 'create'} />
      {artwork ? <input type="hidden" name="id" value={artwork.id} /> : null}
      <TextField label="Nom" {...field('nom', artwork?.nom)} required />
      <RichTextEditor name="description" label="Description" defaultValue={artwork?.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Technique"
          {...field('technique', artwork?.technique)}
          placeholder="Encre de Chine sur papier washi"
        />
        <TextField label="Dimensions" {...field('dimensions', artwork?.dimensions)} placeholder="50x70 cm" />
        <TextField
          label="Année"
          {...field('annee', artwork?.annee)}
          type="number"
          step="1"
          inputMode="numeric"
        />
        <EuroField
          label="Prix (€)"
          {...field('prix', artwork?.prix)}
          description="Affiché seulement quand l'œuvre est disponible."
        />
        <SelectField
          label="Statut"
          {...field('statut', artwork?.statut ?? 'disponible')}
          options={ARTWORK_STATUT_OPTIONS}
        />
        <SelectField
          label="Catégorie"
          {...field('categorie_id', artwork ? artwork.categorie_id : defaultCategoryId)}
          options={[
            { value: '', label: 'Sans catégorie' },
            ...categories.map((category) => ({ value: category.id, label: category.nom })),
          ]}
        />
        <TextField
          label="Tags"
          {...field('tags', artwork?.tags.join(', '))}
          description="Séparés par des virgules, par exemple : encre, washi, kanji"
        />
        <OrderField {...field('ordre', artwork?.ordre ?? 0)} />
      </div>
      <VisibilitySwitch
        label="Œuvre visible"
        checked={visible}
        onCheckedChange={setVisible}
        name="affichee"
      />
      <ArtworkImagesField defaultUrls={artwork?.images ?? []} onBusyChange={setUploading} />
      <FieldError errors={errors.images} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 pt-4">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Annuler
        </Button>
        <Button type="submit" disabled={busy}>
          {saving ? 'Enregistrement...' : artwork ? 'Enregistrer' : "Créer l'œuvre"}
        </Button>
      </div>
    </fetcher.Form>
  )
}
