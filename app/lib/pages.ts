/** The 8 configurable public pages (public spec §3, pages_config.page_name). */
export const PAGE_NAMES = [
  'accueil',
  'categories',
  'parcours',
  'podcasts',
  'blog',
  'contact',
  'atelier',
  'mentions-legales',
] as const
export type PageName = (typeof PAGE_NAMES)[number]

export type PageDefaults = {
  titre: string
  description: string | null
  imageHeight: string
  imageWidth: string
  url: string
  menuName: string
  /** The meta description while the page has no configured description (none: no meta description). */
  metaDescription: string | null
}

/** Per-page defaults when pages_config has no value (public spec §2–3: banner heights, titles, descriptions). */
export const PAGE_DEFAULTS: Record<PageName, PageDefaults> = {
  accueil: {
    titre: 'Bienvenue',
    description: null,
    imageHeight: '400px',
    imageWidth: '100%',
    url: '/',
    menuName: 'Accueil',
    metaDescription: null,
  },
  categories: {
    titre: 'Portfolio',
    description: null,
    imageHeight: '300px',
    imageWidth: '100%',
    url: '/portfolio',
    menuName: 'Portfolio',
    metaDescription: 'Les œuvres par catégorie.',
  },
  parcours: {
    titre: 'Parcours',
    description: null,
    imageHeight: '320px',
    imageWidth: '100%',
    url: '/parcours',
    menuName: 'Parcours',
    metaDescription: "Le parcours de l'artiste : expositions, prix, formations et projets.",
  },
  podcasts: {
    titre: 'Podcasts',
    description: null,
    imageHeight: '300px',
    imageWidth: '100%',
    url: '/podcasts',
    menuName: 'Podcasts',
    metaDescription: 'Les saisons du podcast : écouter les épisodes et leurs transcriptions.',
  },
  blog: {
    titre: 'Actualités',
    description: null,
    imageHeight: '300px',
    imageWidth: '100%',
    url: '/blog',
    menuName: 'Actualités',
    metaDescription: 'Articles, tutoriels et actualités de l’atelier de calligraphie.',
  },
  contact: {
    titre: 'Contact',
    description: "Contactez-moi pour vos projets ou demandes d'information",
    imageHeight: '250px',
    imageWidth: '100%',
    url: '/contact',
    menuName: 'Contact',
    metaDescription: null,
  },
  atelier: {
    titre: "L'atelier",
    description: null,
    imageHeight: '400px',
    imageWidth: '100%',
    url: '/atelier',
    menuName: 'Atelier',
    metaDescription: "Photos de l'atelier : les outils, les encres et les gestes du travail.",
  },
  'mentions-legales': {
    titre: 'Mentions Légales',
    description: null,
    imageHeight: '300px',
    imageWidth: '100%',
    url: '/mentions-legales',
    menuName: 'Mentions légales',
    metaDescription: 'Mentions légales du site.',
  },
}

/** A page's configuration with defaults applied, as the public pages render it. */
export type PageContent = {
  titre: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  image: import('./images').ImageData | null
  imageHeight: string
  imageWidth: string
  /** The page's link preview: its banner's 1200×630 JPEG, else a card with its title (issue #11 §2). */
  social: import('./images').SocialImage | null
}
