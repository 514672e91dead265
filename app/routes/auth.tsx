import { Link } from 'react-router'
import { pageMeta } from '#app/lib/meta'
import type { Route } from './+types/auth'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Connexion'),
  { name: 'robots', content: 'noindex, nofollow' },
]

// Sign-in arrives with the back-office issue (#3); until then the page only says so.
export default function AuthPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Connexion</h1>
      <p className="mt-4 text-gray-600">L'espace d'administration n'est pas encore ouvert sur ce site.</p>
      <Link to="/" className="btn mt-8">
        Retour à l'accueil
      </Link>
    </div>
  )
}
