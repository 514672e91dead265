import { data, Link } from 'react-router'
import { ResponsiveImage } from '#app/components/responsive-image'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { pageMeta } from '#app/lib/meta'
import { useTimeZone } from '#app/lib/use-time-zone'
import { resolveImage } from '#app/media/resolve-images.server'
import { getPublicAuction, isAuctionLink } from '#app/services/auctions/get-public-auction.server'
import type { Route } from './+types/enchere'

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(matches, loaderData?.auction ? 'Enchère en cours' : 'Enchère non trouvée'),
  { name: 'robots', content: 'noindex, nofollow' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const auction = isAuctionLink(params.auctionLink) ? await getPublicAuction(params.auctionLink) : null
  if (!auction) return data({ auction: null, image: null }, { status: 404 })
  return { auction, image: await resolveImage(auction.oeuvre?.image1_url) }
}

// The bid form, live countdown and bid history arrive with the auctions issue (#4).
export default function AuctionPage({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone()
  const { auction, image } = loaderData
  if (!auction) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Enchère non trouvée</h1>
        <p className="mt-4 text-gray-600">Cette enchère n'existe pas ou est terminée.</p>
        <Link to="/" className="btn mt-8">
          Retour à l'accueil
        </Link>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <p className="text-sm uppercase tracking-[0.2em] text-gray-500">Enchère en cours</p>
      <h1 className="mt-2 text-3xl font-bold">{auction.nom}</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        {image ? (
          <ResponsiveImage
            image={image}
            alt={auction.oeuvre?.nom ?? auction.nom}
            sizes="(min-width: 768px) 50vw, 100vw"
            priority
            className="h-auto w-full rounded-lg"
          />
        ) : null}
        <dl className="grid grid-cols-2 gap-4 self-start rounded-lg border border-gray-200 p-6">
          <dt className="text-sm text-gray-500">Prix de départ</dt>
          <dd className="font-semibold">{formatPrice(auction.prix_depart)}</dd>
          <dt className="text-sm text-gray-500">Prix actuel</dt>
          <dd className="font-semibold">{formatPrice(auction.prix_actuel)}</dd>
          <dt className="text-sm text-gray-500">Fin</dt>
          <dd>{formatDateTime(auction.date_fin, timeZone)}</dd>
          <dt className="text-sm text-gray-500">Nombre d'enchères</dt>
          <dd>{auction.bids.length}</dd>
        </dl>
      </div>
      {auction.description ? <p className="mt-8 text-gray-700">{auction.description}</p> : null}
    </div>
  )
}
