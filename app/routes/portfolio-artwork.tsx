import { Mail } from 'lucide-react'
import { data, Link } from 'react-router'
import { ArtworkGallery } from '#app/components/portfolio/artwork-gallery'
import { BackLink } from '#app/components/portfolio/back-link'
import { PortfolioError } from '#app/components/portfolio/portfolio-error'
import { RichText } from '#app/components/rich-text'
import { artworkStatutLabel, enquiryPath, isEnquirable, isPriceShown } from '#app/lib/artwork-display'
import { formatDate, formatPrice } from '#app/lib/format'
import { pageMeta, rootMetaData } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { artworkNode, breadcrumbNode } from '#app/lib/structured-data'
import { useTimeZone } from '#app/lib/use-time-zone'
import { getPublicArtwork } from '#app/services/catalogue/get-public-artwork.server'
import { getSocialImage } from '#app/services/social/get-social-image.server'
import type { Route } from './+types/portfolio-artwork'

const NOT_FOUND_TEXT = "Cette œuvre n'existe pas ou n'est plus disponible."

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData?.found) return pageMeta(matches, 'Œuvre introuvable', NOT_FOUND_TEXT)
  const { artwork } = loaderData
  const summary = [artwork.technique, artwork.dimensions, artwork.annee?.toString()]
    .filter(Boolean)
    .join(', ')
  const root = rootMetaData(matches)
  const path = `/portfolio/oeuvre/${artwork.id}`
  return pageMeta(matches, artwork.nom, artwork.description ?? (summary || artwork.category?.nom), {
    type: 'article',
    path,
    image: loaderData.social,
    jsonLd: [
      artworkNode(root, artwork),
      breadcrumbNode(root, [
        { name: 'Portfolio', path: '/portfolio' },
        artwork.category && {
          name: artwork.category.nom,
          path: `/portfolio/categorie/${artwork.category.id}`,
        },
        { name: artwork.nom, path },
      ]),
    ],
  })
}

/**
 * /portfolio/oeuvre/{artworkId} (public spec §2): a displayed artwork of a displayed category;
 * a malformed, unknown or hidden id answers the fallback text with 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const artwork = await getPublicArtwork(params.artworkId)
  if (!artwork) return data({ found: false as const }, { status: 404 })
  const social = await getSocialImage({ imageUrl: artwork.images[0]?.src, title: artwork.nom })
  return { found: true as const, artwork, social }
}

/** Content and the gallery's viewer: sent without React (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function PortfolioArtwork({ loaderData }: Route.ComponentProps) {
  const timeZone = useTimeZone()
  if (!loaderData.found) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-normal tracking-tight text-stone-900">Œuvre introuvable</h1>
        <p className="mt-4 text-stone-600">{NOT_FOUND_TEXT}</p>
        <div className="mt-8">
          <BackLink to="/portfolio">Retour au portfolio</BackLink>
        </div>
      </div>
    )
  }
  const { artwork } = loaderData
  const details = [
    { label: 'Technique', value: artwork.technique },
    { label: 'Dimensions', value: artwork.dimensions },
    { label: 'Année', value: artwork.annee?.toString() ?? null },
    { label: 'Statut', value: artworkStatutLabel(artwork.statut) },
  ].filter((detail): detail is { label: string; value: string } => Boolean(detail.value))

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-20 sm:px-6 lg:px-8">
      <nav aria-label="Fil d'Ariane" className="text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <li>
            <Link to="/portfolio" className="hover:text-stone-900">
              Portfolio
            </Link>
          </li>
          {artwork.category ? (
            <li className="flex items-center gap-2">
              <span aria-hidden className="text-stone-400">
                /
              </span>
              <Link
                to={`/portfolio/categorie/${artwork.category.id}`}
                prefetch="intent"
                className="hover:text-stone-900"
              >
                {artwork.category.nom}
              </Link>
            </li>
          ) : null}
          <li className="flex min-w-0 items-center gap-2">
            <span aria-hidden className="text-stone-400">
              /
            </span>
            <span aria-current="page" className="truncate text-stone-900">
              {artwork.nom}
            </span>
          </li>
        </ol>
      </nav>

      <div className="mt-8 grid gap-10 sm:mt-12 lg:grid-cols-12 lg:gap-16">
        <div className="lg:col-span-7">
          <ArtworkGallery images={artwork.images} title={artwork.nom} />
        </div>

        <div className="lg:col-span-5 lg:pt-4">
          {artwork.category ? (
            <p className="text-xs uppercase tracking-[0.25em] text-stone-500">{artwork.category.nom}</p>
          ) : null}
          <h1 className="mt-3 text-3xl leading-tight font-normal tracking-tight text-stone-900 sm:text-4xl">
            {artwork.nom}
          </h1>

          {isPriceShown(artwork.statut, artwork.prix) ? (
            <p className="mt-5 text-2xl tracking-tight text-stone-900" data-testid="prix">
              {formatPrice(artwork.prix)}
            </p>
          ) : null}

          <dl className="mt-8 divide-y divide-stone-200 border-y border-stone-200">
            {details.map((detail) => (
              <div key={detail.label} className="grid grid-cols-3 gap-4 py-3 text-sm">
                <dt className="text-xs uppercase tracking-[0.2em] text-stone-500 self-center">
                  {detail.label}
                </dt>
                <dd className="col-span-2 text-stone-800">{detail.value}</dd>
              </div>
            ))}
          </dl>

          {isEnquirable(artwork.statut) ? (
            <a href={enquiryPath(artwork.id)} className="btn mt-8">
              <Mail aria-hidden className="size-4" />
              Demander des informations sur cette œuvre
            </a>
          ) : null}

          <RichText html={artwork.description} className="prose prose-stone mt-8 max-w-none text-stone-700" />

          {artwork.tags.length > 0 ? (
            <ul className="mt-8 flex flex-wrap gap-2" aria-label="Mots-clés">
              {artwork.tags.map((tag) => (
                <li
                  key={tag}
                  className="rounded-full border border-stone-300 px-3 py-1 text-xs text-stone-600"
                >
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}

          <p className="mt-8 text-sm text-stone-500">{`Ajoutée le ${formatDate(artwork.creeLe, timeZone)}`}</p>

          <div className="mt-10 border-t border-stone-200 pt-6">
            {artwork.category ? (
              <BackLink to={`/portfolio/categorie/${artwork.category.id}`}>
                Retour à {artwork.category.nom}
              </BackLink>
            ) : (
              <BackLink to="/portfolio">Retour au portfolio</BackLink>
            )}
          </div>
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <PortfolioError />
}
