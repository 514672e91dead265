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
  },
  categories: {
    titre: 'Portfolio',
    description: null,
    imageHeight: '300px',
    imageWidth: '100%',
    url: '/portfolio',
    menuName: 'Portfolio',
  },
  parcours: {
    titre: 'Parcours',
    description: null,
    imageHeight: '320px',
    imageWidth: '100%',
    url: '/parcours',
    menuName: 'Parcours',
  },
  podcasts: {
    titre: 'Podcasts',
    description: null,
    imageHeight: '300px',
    imageWidth: '100%',
    url: '/podcasts',
    menuName: 'Podcasts',
  },
  blog: {
    titre: 'Actualités',
    description: null,
    imageHeight: '300px',
    imageWidth: '100%',
    url: '/blog',
    menuName: 'Actualités',
  },
  contact: {
    titre: 'Contact',
    description: "Contactez-moi pour vos projets ou demandes d'information",
    imageHeight: '250px',
    imageWidth: '100%',
    url: '/contact',
    menuName: 'Contact',
  },
  atelier: {
    titre: "L'atelier",
    description: null,
    imageHeight: '400px',
    imageWidth: '100%',
    url: '/atelier',
    menuName: 'Atelier',
  },
  'mentions-legales': {
    titre: 'Mentions Légales',
    description: null,
    imageHeight: '300px',
    imageWidth: '100%',
    url: '/mentions-legales',
    menuName: 'Mentions légales',
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
}
