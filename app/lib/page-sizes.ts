/**
 * Page sizes of the public lists (issue #35 §1): how many items each list shows per page, a site
 * setting the artist can change in the back-office (« Pagination des pages publiques »), with a
 * default suited to each layout (a multiple of the 2- and 3-column grids).
 */

/** The public lists shown in pages. */
export type PublicList =
  | 'portfolio'
  | 'blog'
  | 'categorie'
  | 'atelier'
  | 'parcours'
  | 'podcasts'
  | 'saison'
  | 'recherche'

/** Each list's setting: its site_settings key, its label in the back-office and its default. */
export const PAGE_SIZE_SETTINGS: Record<PublicList, { key: string; label: string; fallback: number }> = {
  portfolio: { key: 'taille_page_portfolio', label: 'Catégories par page (portfolio)', fallback: 12 },
  blog: { key: 'taille_page_blog', label: 'Articles par page (blog)', fallback: 12 },
  categorie: { key: 'taille_page_categorie', label: 'Œuvres par page (catégorie)', fallback: 24 },
  atelier: { key: 'taille_page_atelier', label: 'Photos par page (atelier)', fallback: 12 },
  parcours: { key: 'taille_page_parcours', label: 'Événements par page (parcours)', fallback: 24 },
  podcasts: { key: 'taille_page_podcasts', label: 'Saisons par page (podcasts)', fallback: 12 },
  saison: { key: 'taille_page_saison', label: 'Épisodes par page (saison)', fallback: 12 },
  recherche: { key: 'taille_page_recherche', label: 'Résultats par page (recherche)', fallback: 12 },
}

/** The largest page size the settings accept: a page stays light whatever the artist chooses. */
export const MAX_PAGE_SIZE = 60

/**
 * Reads a page-size setting: a whole number from 1 to {@link MAX_PAGE_SIZE}.
 *
 * @param value - the stored setting (site_settings.setting_value), possibly absent.
 * @returns the number, or null when the value is absent or not such a number.
 */
export function parsePageSize(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\s*\d{1,3}\s*$/.test(value)) return null
  const size = Number(value)
  return size >= 1 && size <= MAX_PAGE_SIZE ? size : null
}

/**
 * The page size of a public list from the site settings, its default when unset or unreadable.
 *
 * @param settings - the site settings map (getSiteSettings()).
 * @param list - the list.
 * @returns items per page (1 … {@link MAX_PAGE_SIZE}).
 */
export function pageSizeOf(settings: Readonly<Record<string, string>>, list: PublicList): number {
  const setting = PAGE_SIZE_SETTINGS[list]
  return parsePageSize(settings[setting.key]) ?? setting.fallback
}
