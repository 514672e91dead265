import { countLabel } from '#app/lib/pagination'

/** The ten image columns of an artwork, image1_url being the main one (back-office spec §3). */
export type ArtworkImageColumns = {
  image1_url: string | null
  image2_url: string | null
  image3_url: string | null
  image4_url: string | null
  image5_url: string | null
  image6_url: string | null
  image7_url: string | null
  image8_url: string | null
  image9_url: string | null
  image10_url: string | null
}

/** Most images an artwork holds (public spec §9). */
export const MAX_ARTWORK_IMAGES = 10

/** Most tags an artwork card shows before '+N' (public spec §9). */
export const CARD_TAG_LIMIT = 2

/**
 * The artwork's image URLs in gallery order (image1_url … image10_url), empty and blank
 * columns skipped (public spec §2 /portfolio/oeuvre: gallery of up to 10 images).
 *
 * @returns 0 to 10 URLs, as stored.
 */
export function artworkImageUrls(artwork: ArtworkImageColumns): string[] {
  const urls: string[] = []
  for (let index = 1; index <= MAX_ARTWORK_IMAGES; index++) {
    const url = artwork[`image${index}_url` as keyof ArtworkImageColumns]?.trim()
    if (url) urls.push(url)
  }
  return urls
}

/**
 * The ten image columns for an ordered list of image URLs, compacted: the first URL goes to
 * image1_url (the main image, back-office spec §3), the next to image2_url, and so on; the
 * remaining columns are null. The inverse of {@link artworkImageUrls}.
 *
 * @param urls - 0 to 10 image URLs in display order.
 * @throws Error when there are more than 10 URLs (the form schema refuses them first).
 */
export function toImageColumns(urls: ReadonlyArray<string>): ArtworkImageColumns {
  if (urls.length > MAX_ARTWORK_IMAGES) throw new Error('Trop d’images pour une œuvre')
  const columns = {} as Record<keyof ArtworkImageColumns, string | null>
  for (let index = 1; index <= MAX_ARTWORK_IMAGES; index++) {
    columns[`image${index}_url` as keyof ArtworkImageColumns] = urls[index - 1] ?? null
  }
  return columns
}

/** The image URLs of a stored row that are no longer in `kept` (to release after an update). */
export function droppedImageUrls(row: ArtworkImageColumns, kept: ReadonlyArray<string>): string[] {
  return artworkImageUrls(row).filter((url) => !kept.includes(url))
}

/**
 * The first available image among image1_url … image10_url, for an artwork card
 * (public spec §2 /portfolio/categorie).
 *
 * @returns the URL, or null when the artwork has no image.
 */
export function firstArtworkImageUrl(artwork: ArtworkImageColumns): string | null {
  return artworkImageUrls(artwork)[0] ?? null
}

/**
 * Splits tags for a card: the first `limit` tags shown, and how many more there are, shown '+N'
 * (public spec §2 and §9: "first 2 tags then '+N'"). Blank and repeated tags are ignored.
 *
 * @returns `{ shown, hiddenCount }`; hiddenCount is 0 when every tag is shown.
 */
export function splitTags(
  tags: ReadonlyArray<string>,
  limit: number = CARD_TAG_LIMIT,
): { shown: string[]; hiddenCount: number } {
  const clean = cleanTags(tags)
  return { shown: clean.slice(0, limit), hiddenCount: Math.max(0, clean.length - limit) }
}

/**
 * The artwork count of a category in French: '0 œuvre', '1 œuvre', '12 œuvres'
 * (French keeps the singular below 2).
 */
export function artworkCountLabel(count: number): string {
  return countLabel(count, 'œuvre', 'œuvres')
}

export type ArtworkStatut = 'disponible' | 'vendu' | 'collection privée' | 'me contacter'

const STATUT_LABELS: Record<ArtworkStatut, string> = {
  disponible: 'Disponible',
  vendu: 'Vendu',
  'collection privée': 'Collection privée',
  'me contacter': 'Me contacter',
}

/** The French label of an artwork statut (back-office spec §4 "Artwork statut"). */
export function artworkStatutLabel(statut: ArtworkStatut): string {
  return STATUT_LABELS[statut]
}

/**
 * Whether the price is shown: only when statut is 'disponible' and a price is set
 * (public spec §2 /portfolio/oeuvre).
 *
 * @param prix - euros as the database's numeric string, or null.
 */
export function isPriceShown(statut: ArtworkStatut, prix: string | null): prix is string {
  return statut === 'disponible' && prix !== null && prix.trim() !== ''
}

/**
 * Tags as shown: trimmed, blank ones dropped, duplicates removed, first occurrence order kept.
 */
export function cleanTags(tags: ReadonlyArray<string>): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))]
}

/**
 * The details a public artwork shows, on its card as on its page (public spec §2
 * "/portfolio/categorie", "/portfolio/oeuvre"): technique and dimensions trimmed (blank: null), the
 * year as stored, the tags as {@link cleanTags} leaves them.
 *
 * @param artwork - the stored columns technique, dimensions, annee and tags.
 */
export function publicArtworkDetails(artwork: {
  technique: string | null
  dimensions: string | null
  annee: number | null
  tags: ReadonlyArray<string>
}): { technique: string | null; dimensions: string | null; annee: number | null; tags: string[] } {
  return {
    technique: artwork.technique?.trim() || null,
    dimensions: artwork.dimensions?.trim() || null,
    annee: artwork.annee,
    tags: cleanTags(artwork.tags),
  }
}

/** The statuts of an artwork a visitor may ask about (issue #11 §4). */
export const ENQUIRY_STATUTS = ['disponible', 'me contacter'] as const satisfies ReadonlyArray<ArtworkStatut>

/** Whether a visitor may ask about an artwork of this statut (issue #11 §4). */
export function isEnquirable(statut: ArtworkStatut): boolean {
  return (ENQUIRY_STATUTS as ReadonlyArray<ArtworkStatut>).includes(statut)
}

/** The contact form about an artwork (issue #11 §4): /contact?oeuvre={id}. */
export function enquiryPath(artworkId: string): string {
  return `/contact?oeuvre=${artworkId}`
}

/** The subject the contact form is filled with for an artwork (issue #11 §4): 'À propos de « {nom} »'. */
export function enquirySubject(nom: string): string {
  return `À propos de « ${nom} »`
}

/** The public page of an artwork (public spec §2 /portfolio/oeuvre/{id}). */
export function artworkPath(artworkId: string): string {
  return `/portfolio/oeuvre/${artworkId}`
}
