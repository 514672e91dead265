/**
 * The spec's labels of an auction statut (public spec §4, back-office spec §4): programme
 * 'Programmée', active 'En cours', termine_prix_atteint 'Vendue', termine_prix_non_atteint
 * 'Non vendue', anything else 'Annulée'.
 */
export function auctionStatusLabel(statut: string): string {
  switch (statut) {
    case 'programme':
      return 'Programmée'
    case 'active':
      return 'En cours'
    case 'termine_prix_atteint':
      return 'Vendue'
    case 'termine_prix_non_atteint':
      return 'Non vendue'
    default:
      return 'Annulée'
  }
}

const COLOURS: Record<string, string> = {
  programme: 'bg-sky-100 text-sky-900',
  active: 'bg-emerald-100 text-emerald-900',
  termine_prix_atteint: 'bg-violet-100 text-violet-900',
  termine_prix_non_atteint: 'bg-amber-100 text-amber-900',
}

/** A small rounded badge with {@link auctionStatusLabel}, coloured by statut (AA contrast). */
export function AuctionStatusBadge({ statut }: { statut: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        COLOURS[statut] ?? 'bg-gray-200 text-gray-800'
      }`}
    >
      {auctionStatusLabel(statut)}
    </span>
  )
}
