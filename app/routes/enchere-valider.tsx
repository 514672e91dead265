import { MailCheck } from 'lucide-react'
import { Form, redirect, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button'
import {
  clearPendingClaimCookie,
  credentialCookie,
  readPendingClaimCookie,
  validationReceiptCookie,
} from '#app/http/auction-cookies.server'
import { readForm } from '#app/lib/form-data'
import { privatePageMeta } from '#app/lib/meta'
import { PRIVATE_LINK_HEADERS, privateLinkHeaders } from '#app/lib/private-link'
import {
  peekValidationToken,
  type ValidationErrorCause,
  validateAuctionEmail,
} from '#app/services/auctions/validate-auction-email.server'
import type { Route } from './+types/enchere-valider'

/** The token is in the URL (app/lib/private-link.ts). */
export const headers = privateLinkHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, 'Confirmer votre adresse email')

function errorRedirect(cause: ValidationErrorCause, lienPrive?: string) {
  const query = new URLSearchParams({ cause })
  if (lienPrive) query.set('enchere', lienPrive)
  return redirect(`/validation-erreur?${query}`, { headers: PRIVATE_LINK_HEADERS })
}

/**
 * /enchere/{auctionLink}/valider?token=… — the e-mail validation link (issue #4 §1–§2, issue #10
 * §1, public spec §2). Opening it changes nothing (mail scanners open links): the page shows the
 * address and a button that confirms with a POST. A token already used, expired or unknown goes
 * to `/validation-erreur?cause=…` (with `enchere=…` when the token was known).
 *
 * @returns `{ token, email }` for the confirm form.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const state = await peekValidationToken(token, params.auctionLink)
  if (state.status === 'ready') return { token: token ?? '', email: state.email }
  return errorRedirect(state.status, state.status === 'invalid' ? undefined : state.lienPrive)
}

/**
 * The confirm button (POST; React Router refuses a post whose Origin is another site's). Consumes
 * the token with {@link validateAuctionEmail}: the address becomes valid for the auction, this
 * browser's own waiting bids (its pending-claim cookie) are accepted if still above the price, and
 * the browser receives its bidder credential (http-only cookie until shortly after the auction's
 * latest possible end). Then `/validation-reussie`, with a one-shot receipt cookie telling that page
 * the address (issue #37 §5: no token in its URL), or `/validation-erreur?cause=…`.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request)
  const token = form.get('token')
  const result = await validateAuctionEmail(token, {
    lienPrive: params.auctionLink,
    pendingClaim: await readPendingClaimCookie(params.auctionLink, request.headers.get('Cookie')),
  })
  if (result.status !== 'validated') {
    return errorRedirect(result.status, result.status === 'invalid' ? undefined : result.lienPrive)
  }
  const headers = new Headers(PRIVATE_LINK_HEADERS)
  headers.append(
    'Set-Cookie',
    await credentialCookie(result.lienPrive, result.credential, result.credentialExpiresAt),
  )
  headers.append('Set-Cookie', await clearPendingClaimCookie(result.lienPrive))
  headers.append(
    'Set-Cookie',
    await validationReceiptCookie({ lienPrive: result.lienPrive, credential: result.credential }),
  )
  return redirect('/validation-reussie', { headers })
}

export default function ConfirmValidation({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const isSubmitting = navigation.state !== 'idle'
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center sm:py-32">
      <MailCheck aria-hidden className="mx-auto size-12 text-stone-700" strokeWidth={1.25} />
      <h1 className="mt-6 font-title text-3xl text-gray-900 sm:text-4xl">Confirmer votre adresse email</h1>
      <p className="mt-4 leading-relaxed break-words text-gray-600">
        Pour enchérir avec l'adresse <strong className="text-gray-900">{loaderData.email}</strong>,
        confirmez-la depuis cet appareil.
      </p>
      <Form method="post" className="mt-10">
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Validation en cours...' : 'Confirmer mon adresse email'}
        </Button>
      </Form>
      <p className="mt-8 text-sm leading-relaxed text-gray-500">
        La confirmation vaut pour ce navigateur : ouvrez ce lien sur l'appareil avec lequel vous souhaitez
        enchérir. Si vous n'avez rien demandé, fermez simplement cette page.
      </p>
    </div>
  )
}
