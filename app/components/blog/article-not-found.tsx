import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'

/**
 * Fallback of /blog/{slug} when the article is missing, not public or failed to load
 * (public spec §2 /blog/{slug}, §8 "Article").
 */
export function ArticleNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center sm:py-32">
      <h1 className="font-title text-3xl text-gray-900 sm:text-4xl">Article non trouvé</h1>
      <p className="mt-4 leading-relaxed text-gray-600">
        L'article que vous recherchez n'existe pas ou n'est plus disponible.
      </p>
      <Link to="/blog" className="btn mt-10">
        <ArrowLeft aria-hidden className="size-4" />
        Retour au blog
      </Link>
    </div>
  )
}
