import { CircleCheck } from 'lucide-react'
import { useEffect } from 'react'
import { data, Link, redirect } from 'react-router'
import { clearValidationReceiptCookie, readValidationReceipt } from '#app/http/auction-cookies.server'
import { BIDDER_EMAIL_STORAGE_KEY } from '#app/lib/auction-rules'
import { privatePageMeta } from '#app/lib/meta'
import { getConfirmedParticipant } from '#app/services/auctions/get-validated-email.server'
import type { Route } from './+types/validation-reussie'

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(
    matches,
    'Email validé avec succès !',
    'Votre email a été validé. Vous pouvez maintenant participer aux enchères.',
  )
}

/** The answer holds an address once: no caching, no Referer to the next page; the receipt cleared. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const result = new Headers(loaderHeaders)
  result.set('Cache-Control', 'no-store')
  result.set('Referrer-Policy', 'no-referrer')
  return result
}

/**
 * /validation-reussie (public spec §2; issue #4 §2, issue #37 §5). The confirm button
 * (/enchere/…/valider) leads here with a one-shot receipt cookie (app/http/auction-cookies.server.ts):
 * the address it confirmed and its auction's private link are read from the credential it holds
 * ({@link getConfirmedParticipant}), so the page remembers the address in the browser
 * (localStorage {@link BIDDER_EMAIL_STORAGE_KEY}, read by the bid form) and links to the auction;
 * the answer clears the receipt, so a reload or a later holder of the URL sees the same texts
 * with no address and no auction link. A URL with a query (an old `?token=…` link) is sent to the
 * bare address first: the token never stays in the address bar, and it shows nothing.
 *
 * @returns `{ email, auctionLink }` (both null without a valid receipt), with the receipt's removal.
 * @throws a redirect to `/validation-reussie` when the URL has a query.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  if (url.search !== '') throw redirect(url.pathname, { headers: { 'Cache-Control': 'no-store' } })
  const receipt = await readValidationReceipt(request.headers.get('Cookie'))
  if (!receipt) return data({ email: null, auctionLink: null })
  const participant = await getConfirmedParticipant(receipt)
  return data(
    { email: participant?.email ?? null, auctionLink: participant?.lienPrive ?? null },
    { headers: { 'Set-Cookie': await clearValidationReceiptCookie() } },
  )
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
