import { data } from 'react-router'
import { AuctionCountdown } from '#app/components/auction/auction-countdown'
import { type BidActionData, BidForm } from '#app/components/auction/bid-form'
import { BidHistory } from '#app/components/auction/bid-history'
import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import { ToastRequest } from '#app/components/toast-request'
import { reserveText } from '#app/lib/auction-live-state'
import { BID_MESSAGES } from '#app/lib/auction-rules'
import { formatDateTime, formatPrice } from '#app/lib/format'
import { pageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_AUCTION_PAGE } from '#app/lib/static-page'
import { useTimeZone } from '#app/lib/use-time-zone'
import { logger } from '#app/logger.server'
import { resolveImage } from '#app/media/resolve-images.server'
import { readBidderCredential } from '#app/services/auctions/bidder-credential.server'
import { getPublicAuction } from '#app/services/auctions/get-public-auction.server'
import { consumeBidQuota, placeBid } from '#app/services/auctions/place-bid.server'
import type { Route } from './+types/enchere'
import { pendingClaimCookie, readCredentialCookie, readPendingClaimCookie } from './enchere-cookies.server'

const NOT_FOUND_TITLE = 'Enchère non trouvée'
const NOT_FOUND_TEXT = "Cette enchère n'existe pas ou est terminée."
const LOAD_FAILURE_TOAST = 'Enchère non trouvée ou terminée'

/**
 * Title and description (the auction's own description, else its name), never indexed: the link
 * is private (decision 013).
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const auction = loaderData?.auction
  return [
    ...pageMeta(
      matches,
      auction ? 'Enchère en cours' : NOT_FOUND_TITLE,
      auction ? auction.description || auction.nom : NOT_FOUND_TEXT,
    ),
    { name: 'robots', content: 'noindex, nofollow' },
  ]
}

/** Sent as HTML and CSS with the static pages' script and its own (the live auction), no React (decision 010). */
export const handle = STATIC_AUCTION_PAGE
export const clientLoader = loadStaticDocument

/** The page shows this browser's validated address: never kept by a shared cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

/**
 * /enchere/{auctionLink} (public spec §2, §4, §7): the active auction behind the private link,
 * its artwork (image resolved here, one query) and live state, with the server's clock for the
 * countdown (issue #4 §3), and the address this browser validated for it (its bidder credential,
 * issue #10 §1; null without one), which the bid form fills in. Unknown, malformed or inactive
 * links → the fallback with status 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const auction = await getPublicAuction(params.auctionLink)
  const now = new Date()
  const serverNow = now.toISOString()
  if (!auction) return data({ auction: null, image: null, serverNow, bidderEmail: null }, { status: 404 })
  const credential = await readCredentialCookie(params.auctionLink, request)
  const bidderEmail = readBidderCredential(credential, auction.id, now)?.email ?? null
  return { auction, image: await resolveImage(auction.oeuvre?.image1_url), serverNow, bidderEmail }
}

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

/**
 * Receives the bid form, with or without JavaScript (issue #4 §3–4, issue #10 §1): rate limits per
 * IP and per address ({@link consumeBidQuota}, 429), then {@link placeBid} decides with this
 * browser's bidder credential and pending claim (cookies). Answers {@link BidActionData}:
 * 'accepted' (200); 'pending' (202, the same neutral answer whatever the address's state) when
 * this browser holds no credential for the address, with the pending claim's cookie updated; 'refused' with the reason and the field messages
 * (400; 404 when the auction is gone; 500 on an unexpected failure with the spec's
 * 'Impossible d'enregistrer votre mise'). The phone number is passed for checking, never stored.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData()
  const values = {
    prenom: text(form.get('prenom')),
    nom: text(form.get('nom')),
    email: text(form.get('email')),
    telephone: text(form.get('telephone')),
    montant: text(form.get('montant')),
  }
  const answer = (body: BidActionData, status = 200, headers?: HeadersInit) => data(body, { status, headers })
  // After a bid is taken (or waits for its address), the form keeps the bidder's details, not the amount.
  const { montant: _amount, ...keptAfterBid } = values

  const limit = await consumeBidQuota(context.clientIp, values.email)
  if (!limit.allowed) {
    return answer({ outcome: 'refused', message: BID_MESSAGES.tooManyRequests, values }, 429, {
      'Retry-After': String(limit.retryAfterSeconds),
    })
  }
  try {
    const result = await placeBid(
      {
        lienPrive: params.auctionLink,
        ...values,
        credential: await readCredentialCookie(params.auctionLink, request),
        pendingClaim: await readPendingClaimCookie(params.auctionLink, request),
      },
      { clientIp: context.clientIp },
    )
    switch (result.status) {
      case 'accepted':
        return answer({
          outcome: 'accepted',
          message: BID_MESSAGES.accepted,
          values: keptAfterBid,
        })
      case 'pending-validation':
        return answer({ outcome: 'pending', message: result.message, values: keptAfterBid }, 202, {
          'Set-Cookie': await pendingClaimCookie(
            params.auctionLink,
            result.pendingClaim,
            result.pendingClaimExpiresAt,
          ),
        })
      case 'refused':
        return answer(
          { outcome: 'refused', message: result.message, fieldErrors: result.fieldErrors, values },
          400,
        )
      case 'not-found':
        return answer({ outcome: 'refused', message: LOAD_FAILURE_TOAST }, 404)
    }
  } catch (error) {
    logger.error({ err: error }, "Échec de l'enregistrement d'une mise")
    return answer({ outcome: 'refused', message: BID_MESSAGES.failure, values }, 500)
  }
}

/**
 * The public auction page (public spec §2 "/enchere/{auctionLink}"): title 'Enchère en cours',
 * name and description; the artwork (image, name, rich description, price); the state card
 * (start price, current price, countdown on the server's clock or 'Enchère terminée', number of
 * bids); the bid form while the auction takes bids; the history. A static page (decision 010,
 * issue #8 §1): the server draws it, and app/components/enhance/auction.ts keeps the price, count,
 * history, end time, countdown and the form's minimum live from the stream (`data-live` parts)
 * without React.
 */
export default function AuctionPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { auction } = loaderData
  if (!auction) return <AuctionNotFound />
  return (
    <LiveAuction
      auction={auction}
      image={loaderData.image}
      serverNow={loaderData.serverNow}
      streamUrl={`/enchere/${encodeURIComponent(params.auctionLink)}/evenements`}
      answer={actionData}
      bidderEmail={loaderData.bidderEmail}
    />
  )
}

type LoadedAuction = NonNullable<Route.ComponentProps['loaderData']['auction']>

function LiveAuction({
  auction,
  image,
  serverNow,
  streamUrl,
  answer,
  bidderEmail,
}: {
  auction: LoadedAuction
  bidderEmail: string | null
  image: Route.ComponentProps['loaderData']['image']
  serverNow: string
  streamUrl: string
  answer: BidActionData | undefined
}) {
  const timeZone = useTimeZone()
  const state = auction.live
  const remainingMs = Math.max(0, Date.parse(state.dateFin) - Date.parse(serverNow))
  const isClosed = state.statut !== 'active'
  const isOpen = !isClosed && remainingMs > 0
  const artwork = auction.oeuvre

  return (
    <div
      className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8"
      data-auction-stream={isClosed ? undefined : streamUrl}
      data-server-now={serverNow}
      data-date-fin={state.dateFin}
      data-time-zone={timeZone}
    >
      <header>
        <h1 className="text-sm font-semibold uppercase tracking-[0.2em] text-stone-500">Enchère en cours</h1>
        <p className="mt-2 text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{auction.nom}</p>
        <RichText html={auction.description} className="prose prose-stone mt-4 max-w-3xl text-stone-700" />
      </header>

      <p data-live="annonce" aria-live="polite" className="sr-only" />

      <div className="mt-8 grid gap-8 lg:grid-cols-12 lg:grid-rows-[auto_1fr] lg:gap-10">
        {image ? (
          <div className="lg:col-span-7">
            <ResponsiveImage
              image={image}
              alt={artwork?.nom ?? auction.nom}
              sizes="(min-width: 1024px) 640px, 100vw"
              priority
              className="h-auto max-h-[70vh] w-full rounded-xl bg-stone-100 object-contain"
            />
          </div>
        ) : null}

        <div className="flex flex-col gap-6 lg:col-span-5 lg:row-span-2">
          <section
            aria-labelledby="etat-titre"
            className="rounded-xl border border-stone-200 bg-stone-50 p-5 shadow-sm sm:p-6"
          >
            <h2 id="etat-titre" className="sr-only">
              État de l'enchère
            </h2>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-5">
              <div>
                <dt className="text-sm text-stone-600">Prix de départ</dt>
                <dd className="mt-1 font-semibold tabular-nums text-stone-900">
                  {formatPrice(state.prixDepart)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">Prix actuel</dt>
                <dd
                  className="mt-1 text-2xl font-bold tabular-nums text-stone-900"
                  data-testid="prix-actuel"
                  data-live="prix-actuel"
                >
                  {formatPrice(state.prixActuel)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">Temps restant</dt>
                <dd className="mt-1">
                  <AuctionCountdown remainingMs={remainingMs} isClosed={isClosed} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-600">Nombre de mises</dt>
                <dd
                  className="mt-1 font-semibold tabular-nums text-stone-900"
                  data-testid="nombre-mises"
                  data-live="nombre-mises"
                >
                  {state.nombreMises}
                </dd>
              </div>
            </dl>
            {state.reserveAtteinte === null ? null : (
              <p
                data-live="reserve"
                data-testid="reserve"
                className="mt-5 border-t border-stone-200 pt-4 text-sm font-medium text-stone-800"
              >
                {reserveText(state.reserveAtteinte)}
              </p>
            )}
            {isOpen ? (
              <p
                data-live="fin-prevue"
                className="mt-5 border-t border-stone-200 pt-4 text-sm text-stone-600"
              >
                Fin prévue le <time dateTime={state.dateFin}>{formatDateTime(state.dateFin, timeZone)}</time>
              </p>
            ) : null}
          </section>

          {/* After a bid, the form's region carries the answer even when the auction has just ended. */}
          {isOpen || answer ? (
            <BidForm prixActuel={state.prixActuel} answer={answer} bidderEmail={bidderEmail} />
          ) : null}
          <BidHistory bids={state.bids} />
        </div>

        {artwork ? (
          <section aria-labelledby="oeuvre-titre" className="lg:col-span-7">
            <h2 id="oeuvre-titre" className="text-2xl font-semibold text-stone-900">
              {artwork.nom}
            </h2>
            {artwork.prix ? (
              <p className="mt-2 text-lg text-stone-700">
                <span className="sr-only">Prix : </span>
                {formatPrice(artwork.prix)}
              </p>
            ) : null}
            <RichText
              html={artwork.description}
              className="prose prose-stone mt-4 max-w-none text-stone-700"
            />
          </section>
        ) : null}
      </div>
    </div>
  )
}

/** 'Enchère non trouvée' / 'Cette enchère n'existe pas ou est terminée.' and the load-failure toast (spec §2, §8). */
function AuctionNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <ToastRequest toast={{ title: LOAD_FAILURE_TOAST, type: 'error' }} />
      <h1 className="text-3xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-gray-600">{NOT_FOUND_TEXT}</p>
      <a href="/" className="btn mt-8">
        Retour à l'accueil
      </a>
    </div>
  )
}
