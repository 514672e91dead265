import { data } from 'react-router'
import { AuctionCountdown } from '#app/components/auction/auction-countdown'
import { type BidActionData, BidForm } from '#app/components/auction/bid-form'
import { BidHistory } from '#app/components/auction/bid-history'
import { ResponsiveImage } from '#app/components/responsive-image'
import { RichText } from '#app/components/rich-text'
import { ToastRequest } from '#app/components/toast-request'
import { readCredentialCookie } from '#app/http/auction-cookies.server'
import { formatPlannedEnd, reserveText } from '#app/lib/auction-live-state'
import { BID_MESSAGES } from '#app/lib/auction-rules'
import { readForm } from '#app/lib/form-data'
import { formatPrice } from '#app/lib/format'
import { privatePageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_AUCTION_PAGE } from '#app/lib/static-page'
import { useTimeZone } from '#app/lib/use-time-zone'
import { resolveImage } from '#app/media/resolve-images.server'
import { readBidderCredential } from '#app/services/auctions/bidder-credential.server'
import { bidderStandingOf, readBiddingState } from '#app/services/auctions/bidding-state.server'
import { getPublicAuction } from '#app/services/auctions/get-public-auction.server'
import type { Route } from './+types/enchere'
import { answerBid } from './bid-answer.server'

const NOT_FOUND_TITLE = 'Enchère non trouvée'
const NOT_FOUND_TEXT = "Cette enchère n'existe pas ou est terminée."

/**
 * Title and description (the auction's own description, else its name), never indexed: the link
 * is private (decision 013).
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const auction = loaderData?.auction
  return privatePageMeta(
    matches,
    auction ? 'Enchère en cours' : NOT_FOUND_TITLE,
    auction ? auction.description || auction.nom : NOT_FOUND_TEXT,
  )
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
 * issue #10 §1; null without one), which the bid form fills in, and that bidder's standing and
 * maximum (issue #36 §1, their page only). Unknown, malformed or inactive
 * links → the fallback with status 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const auction = await getPublicAuction(params.auctionLink)
  const now = new Date()
  const serverNow = now.toISOString()
  if (!auction) {
    return data({ auction: null, image: null, serverNow, bidderEmail: null, position: null }, { status: 404 })
  }
  const credential = await readCredentialCookie(params.auctionLink, request.headers.get('Cookie'))
  const bidderEmail = readBidderCredential(credential, auction.id, now)?.email ?? null
  const [image, position] = await Promise.all([
    resolveImage(auction.oeuvre?.image1_url),
    bidderEmail
      ? readBiddingState(params.auctionLink, bidderEmail).then((state) =>
          bidderStandingOf(state, bidderEmail),
        )
      : null,
  ])
  return { auction, image, serverNow, bidderEmail, position }
}

/**
 * Receives the bid form posted as a document: without JavaScript, or from a script that asks for
 * the whole page ({@link answerBid} decides; the page renders with its answer). The page's own
 * script posts to /enchere/{lien}/mise and gets the form's region only (app/routes/enchere-mise.ts).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const answer = await answerBid({
    lienPrive: params.auctionLink,
    form: await readForm(request),
    clientIp: context.clientIp,
    cookieHeader: request.headers.get('Cookie'),
  })
  return data(answer.data, { status: answer.status, headers: answer.headers })
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
      position={loaderData.position}
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
  position,
}: {
  auction: LoadedAuction
  bidderEmail: string | null
  position: Route.ComponentProps['loaderData']['position']
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
                data-prolongee={auction.prolongee ? '' : undefined}
                className="mt-5 border-t border-stone-200 pt-4 text-sm text-stone-600"
              >
                Fin prévue le{' '}
                <time dateTime={state.dateFin}>
                  {formatPlannedEnd(state.dateFin, auction.prolongee, timeZone)}
                </time>
              </p>
            ) : null}
          </section>

          {/* After a bid, the form's region carries the answer even when the auction has just ended. */}
          {isOpen || answer ? (
            <BidForm live={state} answer={answer} bidderEmail={bidderEmail} position={position} />
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
      <ToastRequest toast={{ title: BID_MESSAGES.notFound, type: 'error' }} />
      <h1 className="text-3xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-gray-600">{NOT_FOUND_TEXT}</p>
      <a href="/" className="btn mt-8">
        Retour à l'accueil
      </a>
    </div>
  )
}
