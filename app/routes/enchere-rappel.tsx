import { AlarmClock, CircleAlert } from 'lucide-react'
import { LinkConfirmation } from '#app/components/link-confirmation'
import { privatePageMeta } from '#app/lib/meta'
import { linkToken, privateLinkHeaders } from '#app/lib/private-link'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import {
  peekTenMinuteReminder,
  requestTenMinuteReminder,
} from '#app/services/auctions/ending-soon-reminders.server'
import type { Route } from './+types/enchere-rappel'

export const headers = privateLinkHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, 'Rappel 10 minutes avant la fin')

/**
 * /enchere/{auctionLink}/rappel?jeton=… — the 1-hour reminder's link asking for a last reminder
 * 10 minutes before the end (issue #10 §4). Opening it changes nothing: the page shows a button.
 *
 * @returns `{ state, recorded }`: state 'ready' or 'already' with the auction's name, or 'invalid'.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return { state: await peekTenMinuteReminder(linkToken(request), params.auctionLink), recorded: false }
}

/** The button's POST: records the request ({@link requestTenMinuteReminder}). */
export async function action({ request, params }: Route.ActionArgs) {
  const state = await requestTenMinuteReminder(linkToken(request), params.auctionLink)
  return { state, recorded: state.status !== 'invalid' }
}

export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function TenMinuteReminder({ loaderData, actionData, params }: Route.ComponentProps) {
  const { state, recorded } = actionData ?? loaderData
  if (state.status === 'invalid') {
    return (
      <LinkConfirmation icon={CircleAlert} title="Lien non valable" tone="error">
        <p>Ce lien de rappel est invalide, ou l'enchère est terminée.</p>
      </LinkConfirmation>
    )
  }
  if (recorded || state.status === 'already') {
    return (
      <LinkConfirmation icon={AlarmClock} title="Rappel programmé">
        <p role="status">
          C'est noté : vous recevrez un dernier e-mail 10 minutes avant la fin de l'enchère «{'\u00a0'}
          {state.auctionName}
          {'\u00a0'}».
        </p>
        <p className="mt-6">
          <a href={`/enchere/${encodeURIComponent(params.auctionLink)}`} className="underline">
            Revenir à l'enchère
          </a>
        </p>
      </LinkConfirmation>
    )
  }
  return (
    <LinkConfirmation
      icon={AlarmClock}
      title="Rappel 10 minutes avant la fin"
      submitLabel="Me prévenir 10 minutes avant la fin"
    >
      <p>
        Recevez un dernier e-mail 10 minutes avant la fin de l'enchère «{'\u00a0'}
        {state.auctionName}
        {'\u00a0'}».
      </p>
    </LinkConfirmation>
  )
}
