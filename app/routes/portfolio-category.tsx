import { data } from 'react-router'
import { PaginationNav } from '#app/components/pagination-nav'
import { ArtworkCard } from '#app/components/portfolio/artwork-card'
import { BackLink } from '#app/components/portfolio/back-link'
import { PortfolioError } from '#app/components/portfolio/portfolio-error'
import { RichText } from '#app/components/rich-text'
import { artworkCountLabel } from '#app/lib/artwork-display'
import { pageMeta, rootMetaData } from '#app/lib/meta'
import { pageSizeOf } from '#app/lib/page-sizes'
import { canonicalPagePath, requirePageParam } from '#app/lib/pagination'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { breadcrumbNode } from '#app/lib/structured-data'
import { getPublicCategory } from '#app/services/catalogue/get-public-category.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { getSocialImage } from '#app/services/social/get-social-image.server'
import type { Route } from './+types/portfolio-category'

/** Content only: sent without JavaScript (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData?.found) return pageMeta(matches, 'Catégorie introuvable')
  const { category, info } = loaderData
  return pageMeta(
    matches,
    info.page > 1 ? `${category.nom} — page ${info.page}` : category.nom,
    category.description ?? `${category.nom} : ${artworkCountLabel(info.total)}.`,
    {
      type: 'website',
      path: canonicalPagePath(`/portfolio/categorie/${category.id}`, info.page),
      image: loaderData.social,
      jsonLd: [
        breadcrumbNode(rootMetaData(matches), [
          { name: 'Portfolio', path: '/portfolio' },
          { name: category.nom, path: `/portfolio/categorie/${category.id}` },
        ]),
      ],
    },
  )
}

/**
 * /portfolio/categorie/{categoryId} (public spec §2; issue #35 §1): a displayed category and one
 * page of its displayed artworks (`?page=N`, as many as the setting `taille_page_categorie`); a
 * malformed, unknown or hidden id answers the 'Catégorie introuvable' fallback with 404, a page
 * past the last one or a malformed `?page=` the 404 page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams
  const page = requirePageParam(searchParams)
  const settings = await getSiteSettings()
  const content = await getPublicCategory(params.categoryId, page, pageSizeOf(settings, 'categorie'))
  if (content === 'no-such-page') throw new Response(null, { status: 404 })
  if (!content) return data({ found: false as const }, { status: 404 })
  const social = await getSocialImage({
    imageUrl: content.artworks.find((artwork) => artwork.image)?.image?.src,
    title: content.category.nom,
  })
  return { found: true as const, ...content, search: searchParams.toString(), social }
}

export default function PortfolioCategory({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-normal tracking-tight text-stone-900">Catégorie introuvable</h1>
        <p className="mt-4 text-stone-600">Cette catégorie n'existe pas ou n'est plus disponible.</p>
        <div className="mt-8">
          <BackLink to="/portfolio">Retour au portfolio</BackLink>
        </div>
      </div>
    )
  }
  const { category, artworks, info, search } = loaderData
  const path = `/portfolio/categorie/${category.id}`
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-20 sm:px-6 lg:px-8">
      <BackLink to="/portfolio">Retour au portfolio</BackLink>
      <header className="mt-10 max-w-3xl sm:mt-14">
        <p className="text-xs uppercase tracking-[0.25em] text-stone-500">Portfolio</p>
        <h1 className="mt-3 text-3xl leading-tight font-normal tracking-tight text-stone-900 sm:text-5xl">
          {category.nom}
        </h1>
        <RichText html={category.description} className="prose prose-stone mt-5 max-w-none text-stone-600" />
      </header>
      <div className="mt-10 flex items-center gap-4 sm:mt-14">
        <p className="shrink-0 text-xs uppercase tracking-[0.25em] text-stone-500">
          {artworkCountLabel(info.total)}
        </p>
        <span aria-hidden className="h-px flex-1 bg-stone-200" />
      </div>
      {artworks.length === 0 ? (
        <p className="py-16 text-center text-stone-600">
          Aucune œuvre n'est disponible dans cette catégorie pour le moment.
        </p>
      ) : (
        <ul className="mt-10 grid grid-cols-1 gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3 lg:gap-x-10 xl:grid-cols-4">
          {artworks.map((artwork, index) => (
            <ArtworkCard key={artwork.id} artwork={artwork} priority={index === 0} />
          ))}
        </ul>
      )}
      <PaginationNav info={info} pathname={path} search={search} label="Pages des œuvres" />
    </div>
  )
}

export function ErrorBoundary() {
  return <PortfolioError />
}
