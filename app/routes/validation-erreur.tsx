import { CircleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { pageMeta } from '#app/lib/meta'
import {
  isValidationErrorCause,
  VALIDATION_ERROR_MESSAGES,
} from '#app/services/auctions/validate-auction-email.server'
import type { Route } from './+types/validation-erreur'

const DEFAULT_ERROR = 'Une erreur est survenue lors de la validation'

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Erreur de validation', DEFAULT_ERROR)
}

/**
 * /validation-erreur (public spec §2; issue #10 §1): the message of the `cause` query parameter,
 * one of the known causes ({@link VALIDATION_ERROR_MESSAGES}: expired, used, invalid), else the
 * spec's default 'Une erreur est survenue lors de la validation'. No text from the URL is ever
 * shown (the old `error` parameter is ignored). With `enchere` (a private auction link, set by the
 * validation link when the token was known), a link to the auction too.
 *
 * @returns `{ error, auctionLink }` (auctionLink null when absent or malformed).
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const enchere = params.get('enchere')
  const auctionLink = enchere && /^[A-Za-z0-9_-]{8,128}$/.test(enchere) ? enchere : null
  const cause = params.get('cause')
  const error = isValidationErrorCause(cause) ? VALIDATION_ERROR_MESSAGES[cause] : DEFAULT_ERROR
  return { error, auctionLink }
}

export default function ValidationErreur({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 sm:py-32">
      <div className="text-center">
        <CircleAlert aria-hidden className="mx-auto size-12 text-red-700" strokeWidth={1.25} />
        <h1 className="mt-6 font-title text-3xl text-gray-900 sm:text-4xl">Erreur de validation</h1>
        <p className="mt-4 leading-relaxed break-words text-gray-700">{loaderData.error}</p>
      </div>
      <div className="mt-10 rounded-sm border border-gray-200 bg-paper px-6 py-5">
        <h2 className="font-title text-lg text-gray-900">Causes possibles</h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-gray-600">
          <li>Le lien a expiré (il est valable 24 heures maximum)</li>
          <li>Le lien a déjà été utilisé</li>
          <li>Le lien est invalide</li>
        </ul>
      </div>
      <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {loaderData.auctionLink ? (
          <Link to={`/enchere/${encodeURIComponent(loaderData.auctionLink)}`} className="btn">
            Voir l'enchère
          </Link>
        ) : null}
        <Link to="/" className={loaderData.auctionLink ? 'btn-outline' : 'btn'}>
          Retour à l'accueil
        </Link>
      </div>
    </div>
  )
}
