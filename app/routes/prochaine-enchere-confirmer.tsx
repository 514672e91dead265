import { BellRing, CircleAlert, MailCheck } from 'lucide-react'
import { LinkConfirmation } from '#app/components/link-confirmation'
import { privatePageMeta } from '#app/lib/meta'
import { linkToken, privateLinkHeaders } from '#app/lib/private-link'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import {
  confirmNextAuctionSubscription,
  peekNextAuctionConfirmation,
} from '#app/services/auctions/next-auction-subscription.server'
import type { Route } from './+types/prochaine-enchere-confirmer'

export const headers = privateLinkHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, 'Confirmer votre inscription')

/**
 * /prochaine-enchere/confirmer?jeton=… — the double opt-in link of "Prévenez-moi de la prochaine
 * enchère" (issue #10 §4). Opening it changes nothing: the page shows the address and a button.
 *
 * @returns `{ state }`: 'ready' with the address, or 'invalid' (malformed, unknown, used, expired).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return { state: await peekNextAuctionConfirmation(linkToken(request)), confirmed: false }
}

/** The button's POST: confirms the subscription ({@link confirmNextAuctionSubscription}). */
export async function action({ request }: Route.ActionArgs) {
  const state = await confirmNextAuctionSubscription(linkToken(request))
  return { state, confirmed: state.status === 'ready' }
}

export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function ConfirmNextAuction({ loaderData, actionData }: Route.ComponentProps) {
  const { state, confirmed } = actionData ?? loaderData
  if (state.status !== 'ready') {
    return (
      <LinkConfirmation icon={CircleAlert} title="Lien non valable" tone="error">
        <p>
          Ce lien de confirmation a expiré, a déjà été utilisé ou est invalide. Si votre inscription n'est pas
          confirmée, inscrivez-vous à nouveau depuis la page d'accueil.
        </p>
      </LinkConfirmation>
    )
  }
  if (confirmed) {
    return (
      <LinkConfirmation icon={BellRing} title="Inscription confirmée">
        <p role="status">
          C'est noté : vous recevrez à l'adresse <strong className="text-gray-900">{state.email}</strong> le
          lien de la prochaine enchère privée dès qu'elle commencera.
        </p>
      </LinkConfirmation>
    )
  }
  return (
    <LinkConfirmation
      icon={MailCheck}
      title="Confirmer votre inscription"
      submitLabel="Confirmer mon inscription"
    >
      <p>
        Pour être prévenu de la prochaine enchère privée à l'adresse{' '}
        <strong className="text-gray-900">{state.email}</strong>, confirmez votre inscription.
      </p>
    </LinkConfirmation>
  )
}
