import type { MetaDescriptor } from 'react-router'
import { htmlToText } from '#app/lib/html-text'
import { PAGE_DEFAULTS, type PageName } from '#app/lib/pages'

/** What the root loader gives every page's `meta` (site title for "{page} — {site}"). */
export type RootMetaData = { siteTitle: string; siteUrl: string }

type MetaMatch = { id: string; loaderData?: unknown } | undefined

/** Finds the root loader's data among a route's `matches`, for use in `meta` functions. */
export function rootMetaData(matches: ReadonlyArray<MetaMatch>): RootMetaData {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as Partial<RootMetaData> | undefined
  return { siteTitle: root?.siteTitle ?? 'Encre', siteUrl: root?.siteUrl ?? '' }
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

/**
 * Builds a page's `<title>`, meta description and, when `og` is given, OpenGraph tags
 * (issue #2 §5: a title and description per page, OpenGraph on articles and artworks).
 *
 * @param title - the page's own title; the document title is "{title} — {site title}".
 * @param description - plain text or HTML (tags removed, cut to 160 characters).
 * @param og - OpenGraph type, the page path and an optional image path or URL.
 */
export function pageMeta(
  matches: ReadonlyArray<MetaMatch>,
  title: string,
  description?: string | null,
  og?: { type: 'article' | 'website'; path: string; image?: string | null },
): MetaDescriptor[] {
  const root = rootMetaData(matches)
  const fullTitle = title && title !== root.siteTitle ? `${title} — ${root.siteTitle}` : root.siteTitle
  const text = plainText(description)
  const tags: MetaDescriptor[] = [{ title: fullTitle }]
  if (text) tags.push({ name: 'description', content: text })
  if (og) {
    const absolute = (value: string) => (/^https?:\/\//.test(value) ? value : `${root.siteUrl}${value}`)
    tags.push(
      { property: 'og:type', content: og.type },
      { property: 'og:title', content: title },
      { property: 'og:site_name', content: root.siteTitle },
      { property: 'og:locale', content: 'fr_FR' },
      { property: 'og:url', content: absolute(og.path) },
    )
    if (text) tags.push({ property: 'og:description', content: text })
    if (og.image) tags.push({ property: 'og:image', content: absolute(og.image) })
  }
  return tags
}

/**
 * The meta tags of a public page configured in the back-office (pages_config, public spec §2–3):
 * its configured title and description, else the page's defaults (app/lib/pages.ts
 * `PAGE_DEFAULTS`: `titre`, `metaDescription`); with `openGraph`, the OpenGraph tags of a website
 * page at the page's `url` with the configured banner image.
 *
 * @param args - the route's meta arguments: `matches`, and `loaderData.page` (`titre`,
 *   `description` HTML or null, `image.src` or null) when the loader ran.
 * @param pageName - the page's pages_config.page_name, e.g. 'podcasts'.
 * @param options.openGraph - adds the OpenGraph tags (default: none).
 */
export function configuredPageMeta(
  args: {
    matches: ReadonlyArray<MetaMatch>
    loaderData?: { page: { titre: string; description: string | null; image?: { src: string } | null } }
  },
  pageName: PageName,
  options: { openGraph?: boolean } = {},
): MetaDescriptor[] {
  const page = args.loaderData?.page
  const defaults = PAGE_DEFAULTS[pageName]
  return pageMeta(
    args.matches,
    page?.titre ?? defaults.titre,
    page?.description ?? defaults.metaDescription,
    options.openGraph ? { type: 'website', path: defaults.url, image: page?.image?.src } : undefined,
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
