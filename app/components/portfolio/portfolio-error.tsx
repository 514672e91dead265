import { Link } from 'react-router'

/**
 * What a portfolio page shows when its content cannot be loaded (public spec §8, listing pages):
 * 'Erreur' / 'Une erreur est survenue lors du chargement', inside the site's header and footer.
 */
export function PortfolioError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Erreur</title>
      <h1 className="text-3xl font-normal tracking-tight text-stone-900">Erreur</h1>
      <p className="mt-4 text-stone-600">Une erreur est survenue lors du chargement</p>
      <Link to="/portfolio" className="btn-outline btn mt-8">
        Retour au portfolio
      </Link>
    </div>
  )
}
