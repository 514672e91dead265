import { redirect } from 'react-router'
import {
  VALIDATION_ERROR_MESSAGES,
  validateAuctionEmail,
} from '#app/services/auctions/validate-auction-email.server'
import type { Route } from './+types/enchere-valider'

/** The token is in the URL: keep it out of caches and out of the Referer of the next page. */
const PRIVATE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

/**
 * /enchere/{auctionLink}/valider?token=… — the e-mail validation link (issue #4 §1–§2, public spec
 * §2 /validation-reussie and /validation-erreur). Consumes the token with
 * {@link validateAuctionEmail}, then redirects to `/validation-reussie?token=…&enchere=…`, or to
 * `/validation-erreur?error=…` with the French cause (expired, already used, invalid) and, when the
 * token was known, `enchere=…` so the page can still lead to the auction. A resource route: no UI.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const result = await validateAuctionEmail(token, { lienPrive: params.auctionLink })
  if (result.status === 'validated') {
    const query = new URLSearchParams({ token: token ?? '', enchere: result.lienPrive })
    return redirect(`/validation-reussie?${query}`, { headers: PRIVATE_HEADERS })
  }
  const query = new URLSearchParams({ error: VALIDATION_ERROR_MESSAGES[result.status] })
  if (result.status !== 'invalid') query.set('enchere', result.lienPrive)
  return redirect(`/validation-erreur?${query}`, { headers: PRIVATE_HEADERS })
}
