import { ArrowRight } from 'lucide-react'
import { data } from 'react-router'
import { ArticleCardList } from '#app/components/blog/article-card'
import {
  AUCTION_LINK_INTENT,
  AuctionAccessCard,
  type AuctionLinkAnswer,
  NEXT_AUCTION_INTENT,
} from '#app/components/home/auction-access-card'
import { BannerImage } from '#app/components/page-banner'
import { RichText } from '#app/components/rich-text'
import { resolveAppearance } from '#app/lib/appearance'
import { readForm } from '#app/lib/form-data'
import { pageMeta, rootMetaData } from '#app/lib/meta'
import { PROOF_OF_WORK_FIELD } from '#app/lib/proof-of-work'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { artistNode } from '#app/lib/structured-data'
import { logger } from '#app/logger.server'
import { getHomeArticles } from '#app/services/articles/list-published-articles.server'
import { hasRunningAuction } from '#app/services/auctions/get-public-auction.server'
import {
  consumeNextAuctionQuota,
  NEXT_AUCTION_MESSAGES,
  subscribeToNextAuction,
} from '#app/services/auctions/next-auction-subscription.server'
import { AUCTION_LINK_MESSAGES, requestAuctionLink } from '#app/services/auctions/request-auction-link.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import type { Route } from './+types/home'

/** Defaults of the 'À la une' section heading (public spec §2 Home). */
const FEATURED_DEFAULTS = {
  titre: 'À la une',
  description: 'Découvrez mes dernières créations et actualités',
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMetaData(matches)
  const description = loaderData?.page.description ?? loaderData?.featuredHeading.description
  return pageMeta(matches, root.siteTitle, description, {
    type: 'website',
    path: '/',
    image: loaderData?.page.social,
    jsonLd: [artistNode(root, loaderData?.siteSubtitle ?? description)],
  })
}

/**
 * Home (public spec §2): page configuration 'accueil', the 'À la une' heading from the settings
 * alaunne_titre / alaunne_description, the featured articles (tag 'A la une') and the 3 latest;
 * whether an auction is running, for the access card (issue #10 §4). The page cache is cleared
 * when an auction starts or ends (the scheduler, the back-office). For previews and JSON-LD
 * (issue #11): the site's subtitle.
 */
export async function loader() {
  const [page, settings, articles, isAuctionRunning] = await Promise.all([
    getPageContent('accueil'),
    getSiteSettings(),
    getHomeArticles(),
    hasRunningAuction(),
  ])
  const appearance = resolveAppearance(settings)
  return {
    isAuctionRunning,
    page,
    siteSubtitle: appearance.siteSubtitle,
    featuredHeading: {
      titre: settings.alaunne_titre?.trim() || FEATURED_DEFAULTS.titre,
      description: settings.alaunne_description?.trim() || FEATURED_DEFAULTS.description,
    },
    featured: articles.featured,
    latest: articles.latest,
  }
}

/**
 * The private-auction access form (public spec §2, §5, §8): {@link requestAuctionLink}, whose limits
 * (issue #37 §1, decision 040) may ask a proof-of-work challenge (429 with the challenge, solved
 * by the widget the answer carries, then sent again with the form's {@link PROOF_OF_WORK_FIELD})
 * or refuse an address asking too often (429); or, with the intent {@link NEXT_AUCTION_INTENT},
 * "Prévenez-moi de la prochaine enchère" (issue #10 §4) under its own limits
 * ({@link consumeNextAuctionQuota}), then {@link subscribeToNextAuction}.
 * Answers `{ ok, message, email?, challenge? }` with 200, 400, 409, 429 or 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const email = form.get('email')
  const answer = (
    status: number,
    ok: boolean,
    message: string,
    options: { headers?: HeadersInit; challenge?: string } = {},
  ) =>
    data<AuctionLinkAnswer>(
      {
        ok,
        message,
        email: typeof email === 'string' ? email.slice(0, 254) : undefined,
        ...(options.challenge ? { challenge: options.challenge } : {}),
      },
      { status, headers: options.headers },
    )
  const tooMany = (retryAfterSeconds: number) =>
    answer(429, false, AUCTION_LINK_MESSAGES.tooManyRequests, {
      headers: { 'Retry-After': String(retryAfterSeconds) },
    })
  const intent = form.get('intent')
  if (intent !== AUCTION_LINK_INTENT && intent !== NEXT_AUCTION_INTENT) {
    return answer(400, false, AUCTION_LINK_MESSAGES.failure)
  }

  if (intent === NEXT_AUCTION_INTENT) {
    const quota = await consumeNextAuctionQuota(context.clientIp, email)
    if (!quota.allowed) return tooMany(quota.retryAfterSeconds)
    try {
      const result = await subscribeToNextAuction({ email })
      if (result.status === 'invalid-email') return answer(400, false, NEXT_AUCTION_MESSAGES.invalidEmail)
      return data<AuctionLinkAnswer>({ ok: true, message: NEXT_AUCTION_MESSAGES[result.status] })
    } catch (error) {
      logger.error({ err: error }, "Erreur lors de l'inscription à la prochaine enchère")
      return answer(500, false, NEXT_AUCTION_MESSAGES.failure)
    }
  }
  try {
    const result = await requestAuctionLink({
      email,
      clientIp: context.clientIp,
      proof: form.get(PROOF_OF_WORK_FIELD),
    })
    if (result.status === 'invalid-email') return answer(400, false, AUCTION_LINK_MESSAGES.invalidEmail)
    if (result.status === 'no-active-auction')
      return answer(409, false, AUCTION_LINK_MESSAGES.noActiveAuction)
    if (result.status === 'too-many-requests') return tooMany(result.retryAfterSeconds)
    if (result.status === 'challenge') {
      return answer(429, false, AUCTION_LINK_MESSAGES.challenge, {
        challenge: JSON.stringify(result.challenge),
      })
    }
    return data<AuctionLinkAnswer>({ ok: true, message: AUCTION_LINK_MESSAGES.sent })
  } catch (error) {
    logger.error({ err: error }, "Erreur lors de la demande du lien d'enchère")
    return answer(500, false, AUCTION_LINK_MESSAGES.failure)
  }
}

/** Content and the access card's dialog: sent without React (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { page, featuredHeading, featured, latest, isAuctionRunning } = loaderData

  return (
    <>
      <BannerImage page={page} className="bg-paper" />

      <section className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-20 lg:px-8">
        <div>
          <h1 className="font-title text-4xl leading-[1.1] text-balance text-gray-900 sm:text-5xl lg:text-6xl">
            {page.titre}
          </h1>
          <RichText
            html={page.description}
            className="prose prose-gray mt-6 sm:prose-lg max-w-2xl text-gray-600"
          />
          <a href="/portfolio" className="btn mt-10">
            Découvrir le portfolio
            <ArrowRight aria-hidden className="size-4" />
          </a>
        </div>
        <AuctionAccessCard answer={actionData} isAuctionRunning={isAuctionRunning} />
      </section>

      {featured.length > 0 ? (
        <section aria-labelledby="a-la-une" className="border-t border-gray-200 bg-paper/60">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
            <SectionHeading
              id="a-la-une"
              title={featuredHeading.titre}
              description={featuredHeading.description}
            />
            <ArticleCardList
              articles={featured}
              className="mt-12 grid gap-x-10 gap-y-14 md:grid-cols-2"
              variant="home"
              imageSizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="actualites" className="border-t border-gray-200">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <SectionHeading id="actualites" title="Actualités" />
            <a
              href="/blog"
              className="inline-flex items-center gap-2 self-start font-medium text-gray-900 underline decoration-gray-300 underline-offset-4 hover:decoration-gray-900 sm:self-auto"
            >
              Voir tous les articles
              <ArrowRight aria-hidden className="size-4" />
            </a>
          </div>
          {latest.length === 0 ? (
            <p className="mt-10 text-gray-500 italic">Aucun article n'est disponible pour le moment.</p>
          ) : (
            <ArticleCardList
              articles={latest}
              className="mt-12 grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-3"
              variant="home"
              imageSizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            />
          )}
        </div>
      </section>
    </>
  )
}

function SectionHeading({ id, title, description }: { id: string; title: string; description?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="font-title text-3xl text-gray-900 sm:text-4xl">
        {title}
      </h2>
      {description ? <p className="mt-3 text-lg leading-relaxed text-gray-600">{description}</p> : null}
    </div>
  )
}
