import { BellOff, CircleAlert } from 'lucide-react'
import { LinkConfirmation } from '#app/components/link-confirmation'
import { privatePageMeta } from '#app/lib/meta'
import { linkToken, privateLinkHeaders } from '#app/lib/private-link'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import {
  peekNextAuctionUnsubscribe,
  unsubscribeFromNextAuction,
} from '#app/services/auctions/next-auction-subscription.server'
import type { Route } from './+types/prochaine-enchere-desinscription'

export const headers = privateLinkHeaders

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, 'Se désinscrire')

/**
 * /prochaine-enchere/desinscription?jeton=… — the unsubscribe link of every announcement e-mail
 * (issue #10 §4), without signing in. Opening it changes nothing: the page shows the address and a
 * button.
 *
 * @returns `{ state }`: 'ready' with the address, or 'invalid' (malformed, or already unsubscribed).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return { state: await peekNextAuctionUnsubscribe(linkToken(request)) }
}

/**
 * The POST of the page's button, or a mail client's one-click unsubscribe (RFC 8058: a POST to
 * the List-Unsubscribe address with `List-Unsubscribe=One-Click`): the token is the address's own
 * ({@link unsubscribeFromNextAuction}).
 */
export async function action({ request }: Route.ActionArgs) {
  const result = await unsubscribeFromNextAuction(linkToken(request))
  return {
    state: result.status === 'invalid' ? { status: 'invalid' as const } : null,
    done: result.status === 'unsubscribed',
  }
}

export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function UnsubscribeNextAuction({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done) {
    return (
      <LinkConfirmation icon={BellOff} title="Désinscription confirmée">
        <p role="status">Vous ne recevrez plus d'e-mail pour les prochaines enchères privées.</p>
      </LinkConfirmation>
    )
  }
  const state = actionData?.state ?? loaderData.state
  if (state.status !== 'ready') {
    return (
      <LinkConfirmation icon={CircleAlert} title="Lien non valable" tone="error">
        <p>Ce lien de désinscription est invalide, ou cette adresse n'est déjà plus inscrite.</p>
      </LinkConfirmation>
    )
  }
  return (
    <LinkConfirmation icon={BellOff} title="Se désinscrire" submitLabel="Me désinscrire">
      <p>
        L'adresse <strong className="text-gray-900">{state.email}</strong> ne recevra plus le lien des
        prochaines enchères privées.
      </p>
    </LinkConfirmation>
  )
}
