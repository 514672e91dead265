import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'

/**
 * The in-page fallback of a season or episode that is missing, hidden or unpublished (public spec
 * §2: 'Saison introuvable', 'Épisode introuvable'), rendered with a 404 status inside the site's
 * header and footer, with a way back to /podcasts.
 */
export function PodcastNotFound({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="mt-4 text-gray-600">{message}</p>
      <Link to="/podcasts" className="btn mt-8">
        <ArrowLeft aria-hidden className="size-4" />
        Voir tous les podcasts
      </Link>
    </div>
  )
}
