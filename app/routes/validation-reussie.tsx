import { CircleCheck } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { pageMeta } from '#app/lib/meta'
import { getValidatedEmail } from '#app/services/auctions/get-validated-email.server'
import type { Route } from './+types/validation-reussie'

/** Where the browser remembers the validated participant e-mail (read by the auction page). */
export const PARTICIPANT_EMAIL_STORAGE_KEY = 'encre.participantEmail'

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    'Email validé avec succès !',
    'Votre email a été validé. Vous pouvez maintenant participer aux enchères.',
  )
}

/**
 * /validation-reussie (public spec §2): with a `token` query parameter, the address it validated
 * is looked up on the server so the page can remember it in the browser.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  return { email: token ? await getValidatedEmail(token) : null }
}

export default function ValidationReussie({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData
  useEffect(() => {
    if (!email) return
    try {
      window.localStorage.setItem(PARTICIPANT_EMAIL_STORAGE_KEY, email)
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
      <Link to="/" className="btn mt-10">
        Retour à l'accueil
      </Link>
    </div>
  )
}
