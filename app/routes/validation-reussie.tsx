import { CircleCheck } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { BIDDER_EMAIL_STORAGE_KEY } from '#app/lib/auction-rules'
import { privatePageMeta } from '#app/lib/meta'
import { getValidatedParticipant } from '#app/services/auctions/get-validated-email.server'
import type { Route } from './+types/validation-reussie'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(
    matches,
    'Email validé avec succès !',
    'Votre email a été validé. Vous pouvez maintenant participer aux enchères.',
  )
}

/** The URL holds the token: no caching, no Referer to the next page. */
export function headers() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
}

/**
 * /validation-reussie (public spec §2; issue #4 §2): with a `token` query parameter, the address it
 * validated and its auction's private link are looked up on the server, so the page remembers the
 * address in the browser (localStorage {@link BIDDER_EMAIL_STORAGE_KEY}, read by the bid form) and
 * links to the auction. Without a valid token: the same texts, no address, no auction link.
 *
 * @returns `{ email, auctionLink }` (both null without a validated token).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const participant = token ? await getValidatedParticipant(token) : null
  return { email: participant?.email ?? null, auctionLink: participant?.lienPrive ?? null }
}

export default function ValidationReussie({ loaderData }: Route.ComponentProps) {
  const { email, auctionLink } = loaderData
  useEffect(() => {
    if (!email) return
    try {
      window.localStorage.setItem(BIDDER_EMAIL_STORAGE_KEY, email)
    } catch {
      // Storage can be disabled (private mode): the participant types the address again.
    }
  }, [email])

  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center sm:py-32">
      <CircleCheck aria-hidden className="mx-auto size-12 text-green-700" strokeWidth={1.25} />
      <h1 className="mt-6 font-title text-3xl text-gray-900 sm:text-4xl">Email validé avec succès !</h1>
      <p className="mt-4 leading-relaxed text-gray-600">
        Votre email a été validé. Vous pouvez maintenant participer aux enchères.
      </p>
      <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {auctionLink ? (
          <Link to={`/enchere/${encodeURIComponent(auctionLink)}`} className="btn">
            Accéder à l'enchère
          </Link>
        ) : null}
        <Link to="/" className={auctionLink ? 'btn-outline' : 'btn'}>
          Retour à l'accueil
        </Link>
      </div>
    </div>
  )
}
