import type { MetaDescriptor } from 'react-router'
import type { Graph, Thing } from 'schema-dts'
import { htmlToText } from '#app/lib/html-text'
import type { SocialImage } from '#app/lib/images'
import { PAGE_DEFAULTS, type PageName } from '#app/lib/pages'
import { canonicalPagePath } from '#app/lib/pagination'

/**
 * What the root loader gives every page's `meta`: the site's title (for "{page} — {site}"), its
 * absolute address without trailing slash (`SITE_URL`), and the artist's social profile URLs
 * (settings facebook_url… , JSON-LD `sameAs`).
 */
export type RootMetaData = { siteTitle: string; siteUrl: string; sameAs: string[] }

type MetaMatch = { id: string; loaderData?: unknown } | undefined

type RootLoaderData = Partial<Omit<RootMetaData, 'sameAs'>> & {
  appearance?: { social?: ReadonlyArray<{ url: string }> }
}

/** Finds the root loader's data among a route's `matches`, for use in `meta` functions. */
export function rootMetaData(matches: ReadonlyArray<MetaMatch>): RootMetaData {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootLoaderData | undefined
  return {
    siteTitle: root?.siteTitle ?? 'Encre',
    siteUrl: root?.siteUrl ?? '',
    sameAs: root?.appearance?.social?.map((link) => link.url) ?? [],
  }
}

/** `value` as an absolute URL of the site: kept when already absolute, else prefixed by `siteUrl`. */
export function absoluteUrl(siteUrl: string, value: string): string {
  return /^https?:\/\//.test(value) ? value : `${siteUrl}${value.startsWith('/') ? '' : '/'}${value}`
}

/**
 * A plain-text description or excerpt from rich HTML: {@link htmlToText} (tags removed, every entity
 * decoded, spaces collapsed), cut to `max` characters with an ellipsis.
 *
 * @param max - the longest result, in characters (UTF-16 units), the ellipsis included.
 */
export function plainText(html: string | null | undefined, max = 160): string {
  const text = htmlToText(html)
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/** What makes a page public in `meta`: canonical address, previews and structured data. */
export type PublicPage = {
  /** OpenGraph type: `article` for an article, an artwork or an episode, else `website`. */
  type: 'article' | 'website'
  /**
   * The page's own path, without query string (filters and tracking parameters never count), but
   * for a list's page after the first: `?page=N` (`canonicalPagePath` in app/lib/pagination.ts).
   */
  path: string
  /** The preview image (app/services/social/get-social-image.server.ts), or none. */
  image?: SocialImage | null
  /** schema.org nodes of the page (app/lib/structured-data.ts), written as one JSON-LD graph. */
  jsonLd?: ReadonlyArray<Thing | null | undefined>
}

/**
 * Builds a page's `<title>` and meta description and, for a public page, what search engines and
 * link previewers read (issue #11 §1–§2): `<link rel="canonical">` (`SITE_URL` + the page's path,
 * no query string), OpenGraph (`og:title`, `og:description`, `og:url`, `og:image` with its type,
 * width, height and alt), `twitter:card` `summary_large_image`, and its JSON-LD graph (React
 * Router writes it in a `<script type="application/ld+json">`, escaping `<`, `>`, `&`, U+2028 and
 * U+2029 as `\u…`, so no text can close the script).
 *
 * @param title - the page's own title; the document title is "{title} — {site title}".
 * @param description - plain text or HTML (tags removed, cut to 160 characters).
 * @param publicPage - see {@link PublicPage}; without it (a not-found fallback, a private page)
 *   only the title and description.
 */
export function pageMeta(
  matches: ReadonlyArray<MetaMatch>,
  title: string,
  description?: string | null,
  publicPage?: PublicPage,
): MetaDescriptor[] {
  const root = rootMetaData(matches)
  const fullTitle = title && title !== root.siteTitle ? `${title} — ${root.siteTitle}` : root.siteTitle
  const text = plainText(description)
  const tags: MetaDescriptor[] = [{ title: fullTitle }]
  if (text) tags.push({ name: 'description', content: text })
  if (!publicPage) return tags
  const absolute = (value: string) => absoluteUrl(root.siteUrl, value)
  const url = absolute(publicPage.path)
  tags.push(
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: publicPage.type },
    { property: 'og:title', content: title },
    { property: 'og:site_name', content: root.siteTitle },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
  )
  if (text) {
    tags.push({ property: 'og:description', content: text }, { name: 'twitter:description', content: text })
  }
  const image = publicPage.image
  if (image) {
    tags.push(
      { property: 'og:image', content: absolute(image.url) },
      { property: 'og:image:type', content: 'image/jpeg' },
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
      { property: 'og:image:alt', content: image.alt },
      { name: 'twitter:image', content: absolute(image.url) },
      { name: 'twitter:image:alt', content: image.alt },
    )
  }
  const graph = (publicPage.jsonLd ?? []).filter((node): node is Thing => Boolean(node))
  if (graph.length > 0) {
    const document: Graph = { '@context': 'https://schema.org', '@graph': graph }
    tags.push({ 'script:ld+json': document })
  }
  return tags
}

/**
 * The meta tags of a public page configured in the back-office (pages_config, public spec §2–3):
 * its configured title and description, else the page's defaults (app/lib/pages.ts
 * `PAGE_DEFAULTS`: `titre`, `metaDescription`), at the page's `url` ({@link pageMeta}'s canonical
 * link, OpenGraph and JSON-LD), with the page's preview image (`page.social`).
 *
 * @param args - the route's meta arguments: `matches`, and `loaderData.page` (`titre`,
 *   `description` HTML or null, `social`) when the loader ran.
 * @param pageName - the page's pages_config.page_name, e.g. 'podcasts'.
 * @param jsonLd - the page's schema.org nodes (the parcours' events…), if any.
 * @param listPage - the page of the list shown (issue #35 §1): after page 1 the canonical address
 *   names it (`/blog?page=2`); omitted or 1 for the list's first page.
 */
export function configuredPageMeta(
  args: {
    matches: ReadonlyArray<MetaMatch>
    loaderData?: { page: { titre: string; description: string | null; social: SocialImage | null } }
  },
  pageName: PageName,
  jsonLd?: PublicPage['jsonLd'],
  listPage = 1,
): MetaDescriptor[] {
  const page = args.loaderData?.page
  const defaults = PAGE_DEFAULTS[pageName]
  return pageMeta(
    args.matches,
    page?.titre ?? defaults.titre,
    page?.description ?? defaults.metaDescription,
    {
      type: 'website',
      path: canonicalPagePath(defaults.url, listPage),
      image: page?.social,
      jsonLd,
    },
  )
}

/** The robots tag of pages search engines must neither index nor follow (private links, sign-in). */
export const NOINDEX: MetaDescriptor = { name: 'robots', content: 'noindex, nofollow' }

/**
 * {@link pageMeta} of a page kept out of search engines ({@link NOINDEX}): the auction's private
 * page, the e-mail validation pages, the sign-in pages.
 *
 * @param title - the page's own title.
 * @param description - plain text or HTML, as {@link pageMeta}.
 */
export function privatePageMeta(
  matches: ReadonlyArray<MetaMatch>,
  title: string,
  description?: string | null,
): MetaDescriptor[] {
  return [...pageMeta(matches, title, description), NOINDEX]
}
