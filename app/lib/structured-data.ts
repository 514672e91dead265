import type {
  BlogPosting,
  BreadcrumbList,
  Event,
  PersonLeaf,
  PodcastEpisode,
  PodcastSeason,
  PodcastSeries,
  VisualArtwork,
} from 'schema-dts'
import { type ArtworkStatut, isPriceShown, type publicArtworkDetails } from '#app/lib/artwork-display'
import { absoluteUrl, plainText, type RootMetaData } from '#app/lib/meta'

/**
 * schema.org nodes of the public pages (issue #11 §1 "Valid JSON-LD"), typed by `schema-dts` and
 * written by `pageMeta` (app/lib/meta.ts) as one `@graph` per page. Texts are plain (HTML removed);
 * addresses are absolute (`SITE_URL`). Each builder is pure: the route's `meta` gives it the
 * loader's data and the root's {@link RootMetaData}.
 */

/** The artist as every node names them: the site's title, at the site's address. */
function artist(root: RootMetaData): PersonLeaf {
  return {
    '@type': 'Person',
    '@id': `${root.siteUrl}/#artiste`,
    name: root.siteTitle,
    url: `${root.siteUrl}/`,
  }
}

/** An optional text property: the plain text of `html`, or nothing. */
function text(html: string | null | undefined, max = 5000): string | undefined {
  return plainText(html, max) || undefined
}

/**
 * The artist (home page): `Person` named by the site's title, described by its subtitle, with
 * `sameAs` the social profile URLs of the settings (facebook_url, instagram_url, twitter_url,
 * linkedin_url) when set.
 *
 * @param description - the site's subtitle or the home page's description (plain text or HTML).
 */
export function artistNode(root: RootMetaData, description?: string | null): PersonLeaf {
  const person = { ...artist(root), description: text(description, 300) }
  return root.sameAs.length > 0 ? { ...person, sameAs: root.sameAs } : person
}

/**
 * `BreadcrumbList` of a nested page: Accueil, then each level down to the page itself.
 *
 * @param trail - the levels below the home page, e.g. `[{ name: 'Portfolio', path: '/portfolio' }, …]`;
 *   a null level (an artwork without category) is left out.
 */
export function breadcrumbNode(
  root: RootMetaData,
  trail: ReadonlyArray<{ name: string; path: string } | null>,
): BreadcrumbList {
  const levels = [{ name: 'Accueil', path: '/' }, ...trail.filter((level) => level !== null)]
  return {
    '@type': 'BreadcrumbList',
    itemListElement: levels.map((level, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: level.name,
      item: absoluteUrl(root.siteUrl, level.path),
    })),
  }
}

/**
 * An artwork (/portfolio/oeuvre/{id}): `VisualArtwork` with its technique, dimensions, year,
 * images, keywords and creator; an `Offer` in euros with its price only when its statut is
 * `disponible` and it has a price (public spec §2: the price is shown only then).
 *
 * @param artwork.prix - euros as the database's numeric string ("1250.00"), or null.
 * @param artwork.images - the gallery's image URLs, first the main one.
 */
export function artworkNode(
  root: RootMetaData,
  artwork: ReturnType<typeof publicArtworkDetails> & {
    id: string
    nom: string
    description: string | null
    prix: string | null
    statut: ArtworkStatut
    images: ReadonlyArray<{ src: string }>
  },
): VisualArtwork {
  const url = absoluteUrl(root.siteUrl, `/portfolio/oeuvre/${artwork.id}`)
  const node: VisualArtwork = {
    '@type': 'VisualArtwork',
    '@id': url,
    url,
    name: artwork.nom,
    description: text(artwork.description),
    artMedium: artwork.technique ?? undefined,
    size: artwork.dimensions ?? undefined,
    dateCreated: artwork.annee ? String(artwork.annee) : undefined,
    keywords: artwork.tags.length > 0 ? artwork.tags.join(', ') : undefined,
    image: artwork.images.map((image) => absoluteUrl(root.siteUrl, image.src)),
    creator: artist(root),
  }
  if (!isPriceShown(artwork.statut, artwork.prix)) return node
  return {
    ...node,
    offers: {
      '@type': 'Offer',
      price: artwork.prix,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url,
      seller: artist(root),
    },
  }
}

/**
 * An article (/blog/{slug}): `BlogPosting` with its headline (110 characters at most, as search
 * engines read it), description, publication date, image, keywords and author.
 *
 * @param article.date_publication - ISO 8601 instant, or null.
 * @param image - the article's preview image URL (1200×630), or null.
 */
export function blogPostingNode(
  root: RootMetaData,
  article: {
    slug: string
    titre: string
    description: string | null
    date_publication: string | null
    tags: readonly string[]
  },
  image: string | null | undefined,
): BlogPosting {
  const url = absoluteUrl(root.siteUrl, `/blog/${article.slug}`)
  return {
    '@type': 'BlogPosting',
    '@id': url,
    url,
    mainEntityOfPage: url,
    headline: article.titre.length > 110 ? `${article.titre.slice(0, 109)}…` : article.titre,
    description: text(article.description, 300),
    datePublished: article.date_publication ?? undefined,
    image: image ? absoluteUrl(root.siteUrl, image) : undefined,
    keywords: article.tags.length > 0 ? article.tags.join(', ') : undefined,
    inLanguage: 'fr-FR',
    author: artist(root),
    publisher: artist(root),
  }
}

/**
 * A career event of /parcours: `Event` with its name, day (`startDate`, "YYYY-MM-DD"),
 * description, image, the artist as performer and, when the event has a place, its `location`
 * (a `Place` with its name and postal address; issue #36 §6 — search engines' event results
 * require it).
 */
export function timelineEventNode(
  root: RootMetaData,
  event: {
    titre: string
    description: string | null
    date_evenement: string
    image: { src: string } | null
    lieu?: string | null
    lieu_adresse?: string | null
  },
): Event {
  return {
    '@type': 'Event',
    name: event.titre,
    startDate: event.date_evenement,
    description: text(event.description, 300),
    image: event.image ? absoluteUrl(root.siteUrl, event.image.src) : undefined,
    performer: artist(root),
    url: absoluteUrl(root.siteUrl, '/parcours'),
    location:
      event.lieu || event.lieu_adresse
        ? {
            '@type': 'Place',
            name: event.lieu ?? event.lieu_adresse ?? undefined,
            address: event.lieu_adresse ?? undefined,
          }
        : undefined,
  }
}

/** The podcast as a whole: `PodcastSeries` at /podcasts. */
function podcastSeries(root: RootMetaData): PodcastSeries {
  return {
    '@type': 'PodcastSeries',
    name: `Podcasts — ${root.siteTitle}`,
    url: absoluteUrl(root.siteUrl, '/podcasts'),
    author: artist(root),
  }
}

/**
 * A season (/podcasts/saison/{id}): `PodcastSeason` of the site's `PodcastSeries`, with its
 * published episodes.
 */
export function podcastSeasonNode(
  root: RootMetaData,
  season: { id: string; nom: string; description: string | null; image: { src: string } | null },
  episodes: ReadonlyArray<{ id: string; titre: string; date_publication: string | null }>,
): PodcastSeason {
  return {
    '@type': 'PodcastSeason',
    url: absoluteUrl(root.siteUrl, `/podcasts/saison/${season.id}`),
    name: season.nom,
    description: text(season.description, 300),
    image: season.image ? absoluteUrl(root.siteUrl, season.image.src) : undefined,
    numberOfEpisodes: episodes.length,
    partOfSeries: podcastSeries(root),
    episode: episodes.map((episode) => ({
      '@type': 'PodcastEpisode',
      name: episode.titre,
      url: absoluteUrl(root.siteUrl, `/podcasts/episode/${episode.id}`),
      datePublished: episode.date_publication ?? undefined,
    })),
  }
}

/**
 * An episode (/podcasts/episode/{id}): `PodcastEpisode` with its summary, publication date and
 * image, part of its season (when it has one) and of the site's `PodcastSeries`.
 */
export function podcastEpisodeNode(
  root: RootMetaData,
  episode: {
    id: string
    titre: string
    resume: string | null
    description: string | null
    date_publication: string | null
    image: { src: string } | null
    season: { id: string; nom: string } | null
  },
): PodcastEpisode {
  return {
    '@type': 'PodcastEpisode',
    url: absoluteUrl(root.siteUrl, `/podcasts/episode/${episode.id}`),
    name: episode.titre,
    description: text(episode.resume ?? episode.description, 300),
    datePublished: episode.date_publication ?? undefined,
    image: episode.image ? absoluteUrl(root.siteUrl, episode.image.src) : undefined,
    partOfSeason: episode.season
      ? {
          '@type': 'PodcastSeason',
          name: episode.season.nom,
          url: absoluteUrl(root.siteUrl, `/podcasts/saison/${episode.season.id}`),
        }
      : undefined,
    partOfSeries: podcastSeries(root),
  }
}
