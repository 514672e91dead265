import { Link } from 'react-router'

/** The 404 page (public spec §2 "404"): '404' / 'Oops ! Page non trouvée' with a link home. */
export function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Page non trouvée</title>
      <p className="font-title text-7xl font-bold text-gray-900">404</p>
      <h1 className="mt-4 text-2xl text-gray-700">Oops ! Page non trouvée</h1>
      <Link to="/" className="btn mt-8">
        Retour à l'accueil
      </Link>
    </div>
  )
}
