import { Eye, EyeOff, ImageIcon, Pencil, Trash2 } from 'lucide-react'
import { useFetcher } from 'react-router'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog'
import { useIsBusy } from '#app/components/forms'
import { ResponsiveImage } from '#app/components/responsive-image'
import { Button } from '#app/components/ui/button'
import type { AdminActionData } from '#app/lib/admin-result'
import { artworkStatutLabel, isPriceShown } from '#app/lib/artwork-display'
import { formatPrice } from '#app/lib/format'
import type { AdminArtwork } from '#app/services/catalogue/list-admin-artworks.server'

/**
 * One artwork of the back-office grid (back-office spec §2 "Artworks"): main image, name,
 * category, price only when statut is disponible (else 'Prix non défini'), statut, visibility
 * (a click toggles it), edit and delete with confirmation.
 */
export function ArtworkCard({ artwork, onEdit }: { artwork: AdminArtwork; onEdit: () => void }) {
  const fetcher = useFetcher<AdminActionData>()
  const deleter = useFetcher<AdminActionData>()
  const busy = useIsBusy()
  const visible =
    fetcher.formData?.get('intent') === 'set-visibility'
      ? fetcher.formData.get('affichee') === 'true'
      : artwork.affichee
  const isDeleting = deleter.formData?.get('id') === artwork.id

  return (
    <li
      className={`flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm ${isDeleting ? 'opacity-50' : ''}`}
    >
      <div className="flex aspect-square items-center justify-center overflow-hidden bg-gray-100">
        {artwork.mainImage ? (
          <ResponsiveImage
            image={artwork.mainImage}
            alt={`Image principale de ${artwork.nom}`}
            sizes="(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover"
          />
        ) : (
          <ImageIcon aria-label="Pas d'image" role="img" className="size-10 text-gray-400" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              fetcher.submit(
                { intent: 'set-visibility', id: artwork.id, affichee: String(!visible) },
                { method: 'post' },
              )
            }
            aria-label={visible ? 'Œuvre visible — masquer' : 'Œuvre masquée — afficher'}
            title={visible ? 'Visible sur le site : cliquer pour masquer' : 'Masquée : cliquer pour afficher'}
            className={`mt-0.5 shrink-0 rounded p-1 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60 ${visible ? 'text-green-600 hover:bg-green-50' : 'text-red-600 hover:bg-red-50'}`}
          >
            {visible ? (
              <Eye aria-hidden="true" className="size-5" />
            ) : (
              <EyeOff aria-hidden="true" className="size-5" />
            )}
          </button>
          <div className="min-w-0">
            <h2 className="break-words text-lg font-semibold text-gray-900">{artwork.nom}</h2>
            <p className="text-sm text-gray-600">{artwork.categoryNom ?? 'Sans catégorie'}</p>
          </div>
        </div>
        <p className="mt-3 font-medium text-gray-900">
          {isPriceShown(artwork.statut, artwork.prix) ? formatPrice(artwork.prix) : 'Prix non défini'}
        </p>
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-700">
            {artworkStatutLabel(artwork.statut)}
          </span>
          {visible ? null : <span className="rounded-full bg-red-50 px-2 py-0.5 text-red-700">Masquée</span>}
          <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-700">
            {artwork.images.length} image{artwork.images.length > 1 ? 's' : ''}
          </span>
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button variant="outline" onClick={onEdit} disabled={busy}>
            <Pencil aria-hidden="true" className="size-4" />
            Modifier<span className="sr-only"> l'œuvre {artwork.nom}</span>
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="danger-soft" disabled={busy}>
                <Trash2 aria-hidden="true" className="size-4" />
                {isDeleting ? 'Suppression...' : 'Supprimer'}
                <span className="sr-only"> l'œuvre {artwork.nom}</span>
              </Button>
            }
            title="Supprimer l'œuvre"
            description={`Êtes-vous sûr de vouloir supprimer l'œuvre "${artwork.nom}" ?`}
            onConfirm={() => deleter.submit({ intent: 'delete', id: artwork.id }, { method: 'post' })}
          />
        </div>
      </div>
    </li>
  )
}
