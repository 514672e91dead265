import { artworkStatutLabel, isPriceShown } from '#app/lib/artwork-display'
import { formatPrice } from '#app/lib/format'
import type { AdminArtwork } from '#app/services/catalogue/list-admin-artworks.server'
import { CatalogueCard } from './catalogue-card'

/**
 * One artwork of the back-office grid (back-office spec §2 "Artworks"): main image, name,
 * category, price only when statut is disponible (else 'Prix non défini'), statut, visibility
 * (a click toggles it), edit and delete with confirmation.
 */
export function ArtworkCard({ artwork, onEdit }: { artwork: AdminArtwork; onEdit: () => void }) {
  return (
    <CatalogueCard
      row={artwork}
      image={{ image: artwork.mainImage, alt: `Image principale de ${artwork.nom}`, aspect: 'aspect-square' }}
      toggleLabel={{ visible: 'Œuvre visible — masquer', hidden: 'Œuvre masquée — afficher' }}
      subtitle={() => <p className="text-sm text-gray-600">{artwork.categoryNom ?? 'Sans catégorie'}</p>}
      spokenName={`l'œuvre ${artwork.nom}`}
      onEdit={onEdit}
      deleteTitle="Supprimer l'œuvre"
      deleteDescription={`Êtes-vous sûr de vouloir supprimer l'œuvre "${artwork.nom}" ?`}
    >
      {(visible) => (
        <>
          <p className="mt-3 font-medium text-gray-900">
            {isPriceShown(artwork.statut, artwork.prix) ? formatPrice(artwork.prix) : 'Prix non défini'}
          </p>
          <p className="mt-1 flex flex-wrap gap-2 text-xs">
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-700">
              {artworkStatutLabel(artwork.statut)}
            </span>
            {visible ? null : (
              <span className="rounded-full bg-red-50 px-2 py-0.5 text-red-700">Masquée</span>
            )}
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-700">
              {artwork.images.length} image{artwork.images.length > 1 ? 's' : ''}
            </span>
          </p>
        </>
      )}
    </CatalogueCard>
  )
}
