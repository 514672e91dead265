import type { ArtworkStatut } from '#app/lib/artwork-display'
import type { ImageData } from '#app/lib/images'
import type { PageInfo } from '#app/lib/pagination'

/** A category as the /portfolio grid shows it (public spec §2). */
export type PublicCategory = {
  id: string
  nom: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  /** The category's image, or null ('Aucune image'). */
  image: ImageData | null
}

/** An artwork as a category's grid shows it (public spec §2 /portfolio/categorie). */
export type ArtworkSummary = {
  id: string
  nom: string
  technique: string | null
  dimensions: string | null
  annee: number | null
  /** Every tag; the card shows the first 2 then '+N'. */
  tags: string[]
  /** The first available image among image1 … image10, or null. */
  image: ImageData | null
}

/**
 * A displayed category with one page of its displayed artworks (public spec §2
 * /portfolio/categorie; issue #35 §1).
 */
export type PublicCategoryWithArtworks = {
  category: { id: string; nom: string; description: string | null }
  artworks: ArtworkSummary[]
  /** The page shown and the category's count of displayed artworks (`info.total`). */
  info: PageInfo
}

/** An artwork as /portfolio/oeuvre/{id} shows it (public spec §2). */
export type PublicArtwork = {
  id: string
  nom: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  /** Euros as the database's numeric string ("1250.00"), or null. */
  prix: string | null
  statut: ArtworkStatut
  technique: string | null
  dimensions: string | null
  annee: number | null
  tags: string[]
  /** Creation instant, ISO 8601 (shown 'Ajoutée le {date}' in the site's time zone). */
  creeLe: string
  /** 0 to 10 images in gallery order, image1 first. */
  images: ImageData[]
  /** The artwork's category, or null when it has none (its category was deleted). */
  category: { id: string; nom: string } | null
}
