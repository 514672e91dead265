/**
 * Demo content seeded on an empty database (issue #2 §3): an invented calligraphy artist,
 * Claire Montaigu, with her portfolio, blog, career timeline, podcast and studio photos.
 *
 * Every export here is stable: browser tests import names and slugs from this module.
 * Images are described, not stored: `seed-demo.server.ts` draws each one from its `seed`
 * (ink-brush composition, see `draw-ink.server.ts`) and ingests it like any upload.
 */
import { slugify } from '#app/lib/slug'

/** Aspect of a generated image: portrait 3:4, landscape 4:3, wide 16:9, square 1:1, tall 2:3. */
export type DemoShape = 'portrait' | 'landscape' | 'wide' | 'square' | 'tall'
/** Composition drawn: an ensō circle, free gestures, a letter-like glyph, an ink-wash horizon, the studio. */
export type DemoMotif = 'enso' | 'gesture' | 'glyph' | 'horizon' | 'studio'
/** A generated image: the same seed always gives the same picture. */
export type DemoImage = { seed: number; shape: DemoShape; motif: DemoMotif }

let nextSeed = 1
function image(shape: DemoShape, motif: DemoMotif): DemoImage {
  return { seed: nextSeed++, shape, motif }
}

const paragraphs = (...items: string[]) => items.map((item) => `<p>${item}</p>`).join('')

// ---------------------------------------------------------------------------------------------
// Site settings

/** The artist's name, shown as the site title. */
export const DEMO_SITE_TITLE = 'Claire Montaigu'
/** The tagline shown above the title. */
export const DEMO_SITE_SUBTITLE = 'Calligraphies symboliques'
export const DEMO_FACEBOOK_URL = 'https://www.facebook.com/claire.montaigu.calligraphie'
export const DEMO_INSTAGRAM_URL = 'https://www.instagram.com/claire.montaigu.encre'
export const DEMO_FEATURED_TITLE = 'À la une'
export const DEMO_FEATURED_DESCRIPTION =
  'Les dernières nouvelles de l’atelier et les textes qui accompagnent mon travail'

/**
 * site_settings rows (key → value). twitter_url, linkedin_url and copyright_text are deliberately
 * absent: the footer then shows two social links and the default copyright line.
 */
export const DEMO_SETTINGS: Record<string, string> = {
  site_title: DEMO_SITE_TITLE,
  site_subtitle: DEMO_SITE_SUBTITLE,
  site_title_type: 'text',
  title_font: 'Playfair Display',
  title_font_size: '2.25rem',
  text_font: 'Inter',
  text_font_size: '1rem',
  button_font: 'Inter',
  button_font_size: '0.875rem',
  button_color: '#9f2a1d',
  button_radius: '0.25rem',
  footer_bg_color: '#1c1917',
  page_bg_color: '#fbf8f3',
  alaunne_titre: DEMO_FEATURED_TITLE,
  alaunne_description: DEMO_FEATURED_DESCRIPTION,
  facebook_url: DEMO_FACEBOOK_URL,
  instagram_url: DEMO_INSTAGRAM_URL,
}

// ---------------------------------------------------------------------------------------------
// Pages

export type DemoPage = {
  page_name: string
  menu_name: string
  page_url: string
  menu_order: number
  show_in_menu: boolean
  titre: string
  /** Rich text (sanitized before insert). */
  description: string
  image: DemoImage | null
  image_height: string
  image_width: string
}

/** Title of the legal notice page, and a sentence of it that tests can look for. */
export const DEMO_LEGAL_TITLE = 'Mentions légales'
export const DEMO_LEGAL_EXCERPT = 'Le présent site est édité par Claire Montaigu'

const LEGAL_NOTICE = [
  '<h2>Éditeur du site</h2>',
  paragraphs(
    `${DEMO_LEGAL_EXCERPT}, artiste calligraphe, entrepreneuse individuelle, dont l’atelier est situé 12 montée de la Grande-Côte, 69001 Lyon (adresse fictive de démonstration).`,
    'SIRET : 000 000 000 00000 (à compléter). Directrice de la publication : Claire Montaigu. Contact : contact@exemple.fr.',
  ),
  '<h2>Hébergeur</h2>',
  paragraphs(
    'Nom de l’hébergeur (à compléter), adresse postale de l’hébergeur (à compléter), téléphone de l’hébergeur (à compléter).',
  ),
  '<h2>Propriété intellectuelle</h2>',
  paragraphs(
    'L’ensemble des œuvres, photographies, textes et enregistrements présentés sur ce site est la propriété exclusive de Claire Montaigu, sauf mention contraire. Toute reproduction, représentation, adaptation ou diffusion, totale ou partielle, sur quelque support que ce soit, est interdite sans son autorisation écrite préalable, conformément au Code de la propriété intellectuelle.',
    'Les citations courtes sont autorisées à condition de mentionner clairement l’auteur et la source, avec un lien vers la page d’origine.',
  ),
  '<h2>Données personnelles</h2>',
  paragraphs(
    'Les informations transmises par le formulaire de contact (nom, prénom, adresse e-mail, téléphone, message) sont utilisées uniquement pour répondre à votre demande. Les adresses e-mail laissées pour participer à une enchère privée servent à envoyer le lien de l’enchère et à valider vos mises.',
    'Ces données ne sont ni vendues ni cédées à des tiers. Elles sont conservées le temps nécessaire au traitement de votre demande, puis au plus trois ans après le dernier échange.',
    'Conformément au Règlement général sur la protection des données (RGPD) et à la loi « Informatique et Libertés », vous disposez d’un droit d’accès, de rectification, d’effacement, de limitation et d’opposition au traitement de vos données. Pour l’exercer, écrivez à contact@exemple.fr. Vous pouvez également introduire une réclamation auprès de la CNIL.',
  ),
  '<h2>Cookies</h2>',
  paragraphs(
    'Ce site n’utilise aucun cookie publicitaire ni outil de mesure d’audience tiers. Seuls des cookies techniques, strictement nécessaires au fonctionnement de l’espace d’administration, peuvent être déposés.',
  ),
  '<h2>Crédits</h2>',
  paragraphs('Œuvres, textes et photographies : Claire Montaigu. Site réalisé avec Encre.'),
].join('')

/** pages_config rows for the 8 pages; mentions-legales is not in the menu. */
export const DEMO_PAGES: DemoPage[] = [
  {
    page_name: 'accueil',
    menu_name: 'Accueil',
    page_url: '/',
    menu_order: 1,
    show_in_menu: true,
    titre: 'L’encre, le souffle et le signe',
    description: paragraphs(
      'Je suis calligraphe. Dans mon atelier des pentes de la Croix-Rousse, à Lyon, je trace des signes qui hésitent entre la lettre et le paysage : un cercle d’un seul geste, une ligne qui respire, un sceau rouge pour signer.',
      'Bienvenue dans ce carnet ouvert, où se croisent les œuvres, les textes et les rencontres.',
    ),
    image: image('wide', 'horizon'),
    image_height: '420px',
    image_width: '100%',
  },
  {
    page_name: 'categories',
    menu_name: 'Portfolio',
    page_url: '/portfolio',
    menu_order: 2,
    show_in_menu: true,
    titre: 'Portfolio',
    description: paragraphs(
      'Les œuvres sont regroupées par séries. Chacune est unique, tracée à l’encre de Chine ou à l’encre au bâton sur papier fait main, et signée de mon sceau.',
    ),
    image: image('wide', 'gesture'),
    image_height: '300px',
    image_width: '100%',
  },
  {
    page_name: 'parcours',
    menu_name: 'Parcours',
    page_url: '/parcours',
    menu_order: 3,
    show_in_menu: true,
    titre: 'Parcours',
    description: paragraphs(
      'Des Beaux-Arts de Lyon aux ateliers de Kyoto, des premières expositions aux collaborations : les étapes qui ont façonné mon trait.',
    ),
    image: image('wide', 'enso'),
    image_height: '320px',
    image_width: '100%',
  },
  {
    page_name: 'blog',
    menu_name: 'Journal',
    page_url: '/blog',
    menu_order: 4,
    show_in_menu: true,
    titre: 'Journal d’atelier',
    description: paragraphs(
      'Nouvelles, techniques, tutoriels et inspirations : ce qui se passe à l’atelier.',
    ),
    image: image('wide', 'glyph'),
    image_height: '300px',
    image_width: '100%',
  },
  {
    page_name: 'podcasts',
    menu_name: 'Podcasts',
    page_url: '/podcasts',
    menu_order: 5,
    show_in_menu: true,
    titre: 'L’Encre et le Souffle',
    description: paragraphs(
      'Un podcast sur la calligraphie, le geste et l’attention. Des épisodes courts pour apprendre à regarder, et des conversations avec celles et ceux qui travaillent la lettre.',
    ),
    image: image('wide', 'horizon'),
    image_height: '300px',
    image_width: '100%',
  },
  {
    page_name: 'atelier',
    menu_name: 'Atelier',
    page_url: '/atelier',
    menu_order: 6,
    show_in_menu: true,
    titre: 'L’atelier',
    description: paragraphs(
      'Une ancienne soierie de la Croix-Rousse, de hautes fenêtres, une longue table couverte de feutre : c’est ici que naissent les œuvres.',
    ),
    image: image('wide', 'studio'),
    image_height: '400px',
    image_width: '100%',
  },
  {
    page_name: 'contact',
    menu_name: 'Contact',
    page_url: '/contact',
    menu_order: 7,
    show_in_menu: true,
    titre: 'Contact',
    description: paragraphs(
      'Une commande, une exposition, un atelier d’initiation ou simplement une question sur une œuvre ? Écrivez-moi, je réponds personnellement à chaque message.',
    ),
    image: null,
    image_height: '250px',
    image_width: '100%',
  },
  {
    page_name: 'mentions-legales',
    menu_name: 'Mentions légales',
    page_url: '/mentions-legales',
    menu_order: 8,
    show_in_menu: false,
    titre: DEMO_LEGAL_TITLE,
    description: LEGAL_NOTICE,
    image: null,
    image_height: '300px',
    image_width: '100%',
  },
]

// ---------------------------------------------------------------------------------------------
// Portfolio

// Images shared by an artwork and its category, events or studio photos (the artist reuses them).
const DIX_SOUFFLES_IMAGES = Array.from({ length: 10 }, () => image('square', 'enso'))
const PREMIER_CERCLE_IMAGES = [image('square', 'enso'), image('landscape', 'enso'), image('portrait', 'enso')]
const ALIF_IMAGES = [image('tall', 'glyph'), image('tall', 'glyph'), image('portrait', 'glyph')]
const MONT_PILAT_IMAGES = [
  image('landscape', 'horizon'),
  image('landscape', 'horizon'),
  image('wide', 'horizon'),
]
const ELAN_IMAGES = [
  image('tall', 'gesture'),
  image('tall', 'gesture'),
  image('portrait', 'gesture'),
  image('square', 'gesture'),
]
const ESSAI_IMAGES = [image('landscape', 'gesture')]
const VENT_OUEST_IMAGES = [
  image('landscape', 'gesture'),
  image('landscape', 'gesture'),
  image('square', 'gesture'),
  image('wide', 'gesture'),
  image('portrait', 'gesture'),
]

export type DemoCategory = {
  nom: string
  description: string
  image: DemoImage
  affichee: boolean
  ordre: number
}

/** Name of the hidden category (affichee false); it holds artworks that must never show. */
export const DEMO_HIDDEN_CATEGORY = 'Archives d’atelier'

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    nom: 'Ensō et cercles',
    description: paragraphs(
      'Le cercle tracé d’un seul souffle, sans retour du pinceau. Chaque ensō est un instant : il ne se corrige pas.',
    ),
    image: DIX_SOUFFLES_IMAGES[0] as DemoImage,
    affichee: true,
    ordre: 1,
  },
  {
    nom: 'Lettres habitées',
    description: paragraphs(
      'Des lettres latines, arabes ou imaginaires, étirées jusqu’à devenir paysage. La lecture se perd, le rythme reste.',
    ),
    image: ALIF_IMAGES[0] as DemoImage,
    affichee: true,
    ordre: 2,
  },
  {
    nom: 'Paysages d’encre',
    description: paragraphs(
      'Lavis et traits secs : montagnes, rivières et horizons suggérés par quelques passages de pinceau.',
    ),
    image: MONT_PILAT_IMAGES[0] as DemoImage,
    affichee: true,
    ordre: 3,
  },
  {
    nom: 'Gestes',
    description: paragraphs(
      'Grands formats tracés debout, avec des pinceaux de crin de cheval. Le corps entier entre dans le trait.',
    ),
    image: ELAN_IMAGES[0] as DemoImage,
    affichee: true,
    ordre: 4,
  },
  {
    nom: DEMO_HIDDEN_CATEGORY,
    description: paragraphs('Études et essais conservés à l’atelier, non présentés au public.'),
    image: ESSAI_IMAGES[0] as DemoImage,
    affichee: false,
    ordre: 5,
  },
]

export type DemoArtworkStatut = 'disponible' | 'vendu' | 'collection privée' | 'me contacter'
export type DemoArtwork = {
  nom: string
  /** `nom` of its category in DEMO_CATEGORIES. */
  categorie: string
  description: string
  /** Euros as a decimal string, or null. */
  prix: string | null
  statut: DemoArtworkStatut
  technique: string
  dimensions: string
  annee: number
  tags: string[]
  affichee: boolean
  ordre: number
  /** 1 to 10 images, the first is the main one. */
  images: DemoImage[]
}

/** The artwork with 10 images (gallery and viewer tests). */
export const DEMO_GALLERY_ARTWORK = 'Dix souffles'
/** An artwork hidden (affichee false) inside a visible category. */
export const DEMO_HIDDEN_ARTWORK = 'Étude inachevée'
/** The sold artwork (no price shown). */
export const DEMO_SOLD_ARTWORK = 'Le premier cercle'

export const DEMO_ARTWORKS: DemoArtwork[] = [
  {
    nom: DEMO_GALLERY_ARTWORK,
    categorie: 'Ensō et cercles',
    description: paragraphs(
      'Une série de dix ensō tracés le même matin, à quelques minutes d’intervalle. Le papier, l’encre et le pinceau sont restés les mêmes ; seul le souffle a changé.',
      'Présentés ensemble, ils montrent ce qu’aucun cercle ne dit seul : la fatigue, l’élan, la surprise d’un trait qui s’ouvre.',
    ),
    prix: '2400.00',
    statut: 'disponible',
    technique: 'Encre au bâton sur papier washi',
    dimensions: '10 x (35 x 35 cm)',
    annee: 2025,
    tags: ['ensō', 'série', 'encre au bâton', 'washi'],
    affichee: true,
    ordre: 1,
    images: DIX_SOUFFLES_IMAGES,
  },
  {
    nom: DEMO_SOLD_ARTWORK,
    categorie: 'Ensō et cercles',
    description: paragraphs(
      'Le premier ensō que j’ai accepté de signer, après deux années d’essais quotidiens. Le cercle reste ouvert en bas à droite, comme une porte.',
    ),
    prix: '950.00',
    statut: 'vendu',
    technique: 'Encre de Chine sur papier xuan',
    dimensions: '50 x 50 cm',
    annee: 2019,
    tags: ['ensō', 'origine'],
    affichee: true,
    ordre: 2,
    images: PREMIER_CERCLE_IMAGES,
  },
  {
    nom: 'Cercle d’hiver',
    description: paragraphs(
      'Tracé un matin de janvier, fenêtre ouverte. L’encre a gelé légèrement en séchant, laissant ce grain que l’on voit en lumière rasante.',
    ),
    categorie: 'Ensō et cercles',
    prix: '780.00',
    statut: 'disponible',
    technique: 'Encre au bâton sur papier d’Arches',
    dimensions: '50 x 70 cm',
    annee: 2024,
    tags: ['ensō', 'hiver', 'grain'],
    affichee: true,
    ordre: 3,
    images: [image('portrait', 'enso'), image('portrait', 'enso'), image('square', 'enso')],
  },
  {
    nom: DEMO_HIDDEN_ARTWORK,
    categorie: 'Ensō et cercles',
    description: paragraphs('Un cercle repris trop de fois. Gardé pour mémoire.'),
    prix: null,
    statut: 'me contacter',
    technique: 'Encre de Chine sur papier kraft',
    dimensions: '40 x 40 cm',
    annee: 2023,
    tags: ['étude'],
    affichee: false,
    ordre: 4,
    images: [image('square', 'enso')],
  },
  {
    nom: 'Alif',
    categorie: 'Lettres habitées',
    description: paragraphs(
      'La première lettre de l’alphabet arabe, un simple trait vertical, répétée jusqu’à former une forêt. Hommage aux maîtres que j’ai rencontrés à Fès.',
    ),
    prix: '1200.00',
    statut: 'disponible',
    technique: 'Encre sépia et calame sur papier coton',
    dimensions: '60 x 90 cm',
    annee: 2023,
    tags: ['lettre', 'verticalité', 'calame'],
    affichee: true,
    ordre: 1,
    images: ALIF_IMAGES,
  },
  {
    nom: 'Abécédaire du silence',
    categorie: 'Lettres habitées',
    description: paragraphs(
      'Vingt-six lettres capitales tracées à la plume large puis effacées à l’eau claire. Il reste des fantômes de lettres, des halos.',
    ),
    prix: null,
    statut: 'collection privée',
    technique: 'Encre de Chine et lavis sur papier Canson',
    dimensions: '70 x 100 cm',
    annee: 2022,
    tags: ['alphabet', 'lavis', 'effacement', 'capitales'],
    affichee: true,
    ordre: 2,
    images: [
      image('landscape', 'glyph'),
      image('landscape', 'glyph'),
      image('square', 'glyph'),
      image('portrait', 'glyph'),
      image('landscape', 'glyph'),
    ],
  },
  {
    nom: 'Signe pour un seuil',
    categorie: 'Lettres habitées',
    description: paragraphs(
      'Un idéogramme inventé, pensé pour être accroché au-dessus d’une porte. Commande possible dans d’autres formats.',
    ),
    prix: null,
    statut: 'me contacter',
    technique: 'Encre de Chine sur papier washi marouflé',
    dimensions: '35 x 50 cm',
    annee: 2025,
    tags: ['idéogramme', 'commande'],
    affichee: true,
    ordre: 3,
    images: [image('portrait', 'glyph'), image('portrait', 'glyph')],
  },
  {
    nom: 'Mont Pilat, brume',
    categorie: 'Paysages d’encre',
    description: paragraphs(
      'Trois passages de lavis, du plus clair au plus sombre, pour dire la brume qui monte depuis la vallée du Gier.',
    ),
    prix: '640.00',
    statut: 'disponible',
    technique: 'Lavis d’encre sur papier xuan',
    dimensions: '45 x 60 cm',
    annee: 2024,
    tags: ['paysage', 'lavis', 'montagne'],
    affichee: true,
    ordre: 1,
    images: MONT_PILAT_IMAGES,
  },
  {
    nom: 'Rhône, fin du jour',
    categorie: 'Paysages d’encre',
    description: paragraphs(
      'Le fleuve vu depuis le pont Morand, un soir de septembre. Un trait horizontal, un seul, et le reste en réserve.',
    ),
    prix: '520.00',
    statut: 'disponible',
    technique: 'Encre de Chine sur papier d’Arches',
    dimensions: '30 x 80 cm',
    annee: 2025,
    tags: ['paysage', 'Lyon', 'fleuve'],
    affichee: true,
    ordre: 2,
    images: [image('wide', 'horizon'), image('wide', 'horizon'), image('landscape', 'horizon')],
  },
  {
    nom: 'Îles',
    categorie: 'Paysages d’encre',
    description: paragraphs(
      'Des taches d’encre posées sur papier humide, qui se sont étendues comme un archipel.',
    ),
    prix: '380.00',
    statut: 'disponible',
    technique: 'Encre sur papier humide',
    dimensions: '40 x 40 cm',
    annee: 2026,
    tags: ['archipel'],
    affichee: true,
    ordre: 3,
    images: [image('square', 'horizon')],
  },
  {
    nom: 'Élan',
    categorie: 'Gestes',
    description: paragraphs(
      'Tracé debout, d’un seul mouvement du bassin, avec un pinceau de crin de cheval de quarante centimètres. Le papier a été posé au sol.',
    ),
    prix: '1850.00',
    statut: 'disponible',
    technique: 'Encre de Chine sur papier de chanvre',
    dimensions: '100 x 150 cm',
    annee: 2025,
    tags: ['grand format', 'geste', 'crin de cheval'],
    affichee: true,
    ordre: 1,
    images: ELAN_IMAGES,
  },
  {
    nom: 'Vent d’ouest',
    categorie: 'Gestes',
    description: paragraphs(
      'Une diagonale qui traverse la feuille de part en part, éclaboussures comprises. Le vent est entré par la fenêtre au moment du trait.',
    ),
    prix: '1400.00',
    statut: 'disponible',
    technique: 'Encre au bâton sur papier washi',
    dimensions: '70 x 100 cm',
    annee: 2026,
    tags: ['geste', 'diagonale', 'éclaboussures', 'vent'],
    affichee: true,
    ordre: 2,
    images: VENT_OUEST_IMAGES,
  },
  {
    nom: 'Trois respirations',
    categorie: 'Gestes',
    description: paragraphs('Triptyque. Trois traits, trois respirations, tracés sans relever les yeux.'),
    prix: '2100.00',
    statut: 'disponible',
    technique: 'Encre de Chine sur papier xuan',
    dimensions: '3 x (50 x 70 cm)',
    annee: 2024,
    tags: ['triptyque', 'respiration'],
    affichee: true,
    ordre: 3,
    images: [image('portrait', 'gesture'), image('portrait', 'gesture'), image('portrait', 'gesture')],
  },
  {
    nom: 'Essai de pinceau n° 12',
    categorie: DEMO_HIDDEN_CATEGORY,
    description: paragraphs('Essai de charge d’encre sur un pinceau neuf.'),
    prix: null,
    statut: 'me contacter',
    technique: 'Encre de Chine sur papier journal',
    dimensions: '30 x 40 cm',
    annee: 2021,
    tags: ['essai'],
    affichee: true,
    ordre: 1,
    images: ESSAI_IMAGES,
  },
  {
    nom: 'Cercle raté, cercle gardé',
    categorie: DEMO_HIDDEN_CATEGORY,
    description: paragraphs('Un ensō dont le trait s’est cassé à mi-course. Je l’aime pour cela.'),
    prix: null,
    statut: 'me contacter',
    technique: 'Encre au bâton sur papier kraft',
    dimensions: '50 x 50 cm',
    annee: 2020,
    tags: ['ensō', 'étude'],
    affichee: true,
    ordre: 2,
    images: [image('square', 'enso')],
  },
]

// ---------------------------------------------------------------------------------------------
// Articles

export type DemoArticleType = 'article' | 'tutorial' | 'news' | 'inspiration' | 'technique'
export type DemoArticle = {
  titre: string
  slug: string
  sous_titre: string | null
  extrait: string
  /** Rich text (sanitized before insert). */
  contenu: string
  tags: string[]
  /** ISO 8601 instant. */
  date_publication: string
  nombre_vues: number
  statut: 'brouillon' | 'publie'
  affiche: boolean
  type: DemoArticleType
  image: DemoImage | null
}

function article(fields: Omit<DemoArticle, 'slug'>): DemoArticle {
  return { ...fields, slug: slugify(fields.titre) }
}

/** The tag that marks featured articles on the home page (public spec §2). */
export const DEMO_FEATURED_TAG = 'A la une'

export const DEMO_ARTICLES: DemoArticle[] = [
  article({
    titre: 'Le souffle avant le trait',
    sous_titre: 'Pourquoi je ne trace jamais sans avoir d’abord respiré',
    extrait:
      'Avant chaque œuvre, il y a trois respirations. Ce n’est pas un rituel décoratif : c’est là que se décide la forme du trait.',
    contenu: [
      paragraphs(
        'On me demande souvent combien de temps il me faut pour tracer un ensō. La réponse honnête est : deux secondes, et vingt ans. Deux secondes pour le geste, et tout le reste pour apprendre à ne pas l’empêcher.',
        'Avant de poser le pinceau sur le papier, je respire trois fois. La première pour quitter ce que je faisais avant, la deuxième pour sentir le poids du pinceau chargé d’encre, la troisième pour oublier les deux premières. Ce n’est pas un rituel décoratif : c’est là que se décide la forme du trait.',
      ),
      '<h2>Le corps avant la main</h2>',
      paragraphs(
        'Un trait qui respire vient du bassin, pas du poignet. Quand je travaille debout sur les grands formats, je le sens très nettement : si mes pieds sont mal posés, la ligne tremble dès le premier tiers. La main ne fait que transmettre un mouvement qui commence beaucoup plus bas.',
        'C’est pour cela que les ateliers d’initiation commencent toujours par une demi-heure sans encre. On apprend à se tenir, à laisser tomber les épaules, à poser le souffle. Certains participants s’impatientent ; ce sont souvent eux qui, une heure plus tard, tracent les traits les plus justes.',
      ),
      '<h2>Ce que l’on voit dans un trait</h2>',
      paragraphs(
        'Regardez un trait tracé dans la précipitation : il commence fort, puis s’amincit trop vite, comme s’il voulait déjà être ailleurs. Un trait tracé dans la crainte, au contraire, est épais et hésitant du début à la fin ; on y devine les micro-arrêts du pinceau, chaque fois que la main a douté.',
        'Le trait juste, lui, a une pulsation. Il entre avec décision, se pose, avance à un rythme régulier et se retire sans se presser. Ce rythme est exactement celui d’une expiration longue et calme. C’est pourquoi je trace toujours en expirant, jamais en retenant mon souffle.',
      ),
      '<blockquote>Le pinceau ne ment pas : il enregistre l’état de celui qui le tient.</blockquote>',
      paragraphs(
        'Cette phrase, mon premier maître de shodō la répétait à chaque séance. Je l’ai longtemps prise pour une formule. Je la comprends aujourd’hui comme une consigne très concrète : si vous voulez changer votre trait, changez d’abord votre respiration.',
      ),
    ].join(''),
    tags: [DEMO_FEATURED_TAG, 'Geste', 'Respiration'],
    date_publication: '2026-11-08T09:30:00.000Z',
    nombre_vues: 214,
    statut: 'publie',
    affiche: true,
    type: 'inspiration',
    image: image('landscape', 'enso'),
  }),
  article({
    titre: 'Traces, exposition personnelle à la galerie Vanneau',
    sous_titre: 'Du 3 au 28 octobre 2026, Paris 7e',
    extrait:
      'Vingt-quatre œuvres, dont six grands formats inédits, réunies pour ma première exposition personnelle à Paris. Vernissage le 3 octobre à partir de 18 h.',
    contenu: [
      paragraphs(
        'J’ai le plaisir de vous annoncer l’exposition « Traces », présentée à la galerie Vanneau du 3 au 28 octobre 2026. Vingt-quatre œuvres y sont réunies, dont six grands formats tracés cet été et jamais montrés.',
        'Le parcours suit trois salles : les ensō, les lettres habitées et, pour finir, la série « Gestes », accrochée à hauteur de corps pour que l’on puisse mesurer l’amplitude du mouvement.',
      ),
      '<h2>Informations pratiques</h2>',
      '<ul><li>Galerie Vanneau, 18 rue Vanneau, 75007 Paris (adresse fictive)</li><li>Du mardi au samedi, de 11 h à 19 h</li><li>Vernissage le samedi 3 octobre à partir de 18 h</li><li>Démonstration de tracé le samedi 17 octobre à 16 h</li></ul>',
      paragraphs(
        'Les œuvres disponibles sont visibles dans le portfolio. Pour toute demande de réservation, écrivez-moi par la page contact.',
      ),
    ].join(''),
    tags: [DEMO_FEATURED_TAG, 'Exposition', 'Paris'],
    date_publication: '2026-09-20T08:00:00.000Z',
    nombre_vues: 389,
    statut: 'publie',
    affiche: true,
    type: 'news',
    image: VENT_OUEST_IMAGES[3] as DemoImage,
  }),
  article({
    titre: 'Préparer son encre au bâton',
    sous_titre: 'Le geste lent qui précède le geste rapide',
    extrait:
      'Frotter le bâton d’encre sur la pierre prend dix minutes. Voici comment je m’y prends, quelle eau utiliser et comment reconnaître la bonne densité.',
    contenu: [
      paragraphs(
        'L’encre en bouteille est pratique, et je l’utilise pour les essais. Mais pour une œuvre, je prépare toujours mon encre au bâton. Ce n’est pas de la nostalgie : l’encre frottée a une profondeur, une variété de gris et une façon de s’étaler dans le papier qu’aucune encre liquide ne m’a donnée.',
        'Voici la méthode que j’enseigne en atelier, étape par étape.',
      ),
      '<h2>Le matériel</h2>',
      '<ul><li>un bâton d’encre de suie de pin ou de suie d’huile (les secondes donnent des noirs plus chauds) ;</li><li>une pierre à encre (suzuri), de préférence avec un réservoir ;</li><li>de l’eau douce à température ambiante, jamais chaude ;</li><li>une petite cuillère ou une pipette ;</li><li>un chiffon de coton.</li></ul>',
      '<h2>Étape 1 : verser peu d’eau</h2>',
      paragraphs(
        'Déposez une cuillère d’eau sur la partie plate de la pierre, pas davantage. Les débutants versent toujours trop : l’encre reste alors grise et il faut frotter deux fois plus longtemps. Mieux vaut rajouter de l’eau en cours de route.',
      ),
      '<h2>Étape 2 : frotter sans appuyer</h2>',
      paragraphs(
        'Tenez le bâton bien droit, perpendiculaire à la pierre, et décrivez de petits cercles réguliers ou des allers-retours lents. N’appuyez pas : c’est le temps qui fait l’encre, pas la force. Un frottement trop énergique produit des grains qui resteront visibles dans le trait.',
        'Comptez entre huit et quinze minutes selon la densité voulue. C’est un temps que j’aime beaucoup : il calme la main et prépare le regard. Beaucoup de calligraphes disent que l’œuvre commence ici.',
      ),
      '<h2>Étape 3 : tester la densité</h2>',
      paragraphs(
        'Trempez la pointe d’un pinceau et tracez un trait sur une chute de papier. Une encre prête laisse un noir profond au centre et un léger halo sur les bords. Si le trait est uniformément gris, continuez à frotter ; s’il paraît brillant et épais, ajoutez quelques gouttes d’eau.',
        'Pour les lavis, je prépare au contraire une encre très diluée dans une coupelle à part, à partir de l’encre dense : trois ou quatre gris suffisent pour construire un paysage.',
      ),
      '<h2>Étape 4 : nettoyer</h2>',
      paragraphs(
        'Essuyez le bâton aussitôt avec le chiffon : laissé humide sur la pierre, il s’y colle et peut se fendre en séchant. Rincez la pierre à l’eau claire en fin de séance. Une encre sèche qui reste dans le réservoir ne se réutilise pas, elle forme des paillettes.',
      ),
      '<h2>Choisir son bâton d’encre</h2>',
      paragraphs(
        'Un bâton d’encre est fait de suie agglomérée avec de la colle animale, parfois parfumée au musc ou au camphre. La qualité de la suie décide de tout : une suie fine donne un noir profond et brillant, une suie grossière un noir sourd qui grise en séchant.',
        'Les bâtons de suie de pin produisent des noirs froids, légèrement bleutés quand on les dilue : c’est le noir des paysages et des lavis. Les bâtons de suie d’huile, plus chers, donnent des noirs chauds, presque bruns en transparence, très beaux dans les traits épais. J’utilise les deux, selon la série.',
        'Un bon bâton vieillit bien : la colle se stabilise avec les années et l’encre devient plus fluide. Certains calligraphes gardent leurs bâtons dix ou vingt ans avant de les entamer. Je n’ai pas cette patience, mais je range toujours mes bâtons dans une boîte en bois, à l’abri de l’humidité et des écarts de température.',
      ),
      '<h2>La pierre à encre</h2>',
      paragraphs(
        'La pierre à encre (suzuri en japonais, yan en chinois) n’est pas un simple récipient : sa surface, légèrement abrasive, détermine la finesse des particules d’encre. Une pierre trop lisse frotte lentement ; une pierre trop rugueuse donne une encre granuleuse.',
        'Les pierres les plus recherchées viennent de Duan, dans le sud de la Chine, ou d’Amabata, au Japon. Pour débuter, une pierre d’ardoise de qualité moyenne suffit largement. L’essentiel est de la garder propre : une pierre encrassée d’encre séchée perd son mordant.',
      ),
      '<h2>Quelle eau utiliser ?</h2>',
      paragraphs(
        'L’eau du robinet convient, à condition qu’elle ne soit pas trop calcaire. À Lyon, où l’eau est assez dure, j’utilise de l’eau filtrée, laissée une nuit dans un pichet ouvert. Certains maîtres recommandent l’eau de pluie ou l’eau de source ; je n’ai jamais vu de différence nette, mais j’aime l’idée que l’eau vienne de quelque part.',
        'Ce qui compte vraiment, c’est la température : une eau tiède ou chaude dissout la colle plus vite que la suie, et l’encre devient collante et terne. Une eau froide, au contraire, ralentit le frottement. L’eau à température ambiante est le bon compromis.',
      ),
      '<h2>Les erreurs fréquentes</h2>',
      '<ol><li>Utiliser de l’eau chaude, qui dissout la colle trop vite et rend l’encre terne.</li><li>Frotter en penchant le bâton, ce qui l’use en biseau.</li><li>Préparer trop d’encre : une encre frottée se garde mal au-delà de la journée.</li><li>Oublier de goûter le silence de ces dix minutes.</li></ol>',
      paragraphs(
        'Enfin, prenez l’habitude de noter, dans un petit carnet, le bâton utilisé, le temps de frottement et le papier choisi pour chaque séance. Au bout de quelques mois, ces notes deviennent un précieux répertoire : vous saurez exactement quelle encre donne le gris que vous aimez sur tel papier, et vous pourrez le retrouver à coup sûr le jour d’une œuvre importante.',
      ),
      paragraphs(
        'La prochaine fois, nous verrons comment charger le pinceau pour que le trait garde son noir jusqu’au bout, même sur un grand format.',
      ),
    ].join(''),
    tags: ['Tutoriel', 'Encre', 'Matériel'],
    date_publication: '2026-10-15T07:45:00.000Z',
    nombre_vues: 742,
    statut: 'publie',
    affiche: true,
    type: 'tutorial',
    image: image('landscape', 'studio'),
  }),
  article({
    titre: 'Choisir son papier : washi, xuan ou Arches',
    sous_titre: null,
    extrait:
      'Le papier décide de la moitié du trait. Trois familles de papiers que j’utilise, et ce que chacune fait à l’encre.',
    contenu: [
      paragraphs(
        'On parle beaucoup des pinceaux, moins du papier. Pourtant, c’est lui qui décide de la moitié du trait : la vitesse à laquelle l’encre s’y enfonce, la largeur du halo, la netteté des bords. Voici les trois familles que j’utilise le plus souvent.',
      ),
      '<h2>Le papier xuan</h2>',
      paragraphs(
        'Fabriqué en Chine à partir d’écorce de santal bleu et de paille de riz, le xuan non encollé (dit « cru ») boit l’encre immédiatement. Le moindre arrêt du pinceau laisse une tache qui s’étend. Il est impitoyable et magnifique : c’est le papier des lavis, des paysages, des gris qui respirent.',
        'Je le déconseille pour débuter, sauf à accepter que chaque feuille soit une leçon d’humilité.',
      ),
      '<h2>Le washi</h2>',
      paragraphs(
        'Le papier japonais fait main, à base de fibres de kōzo (mûrier), est plus résistant et légèrement encollé. L’encre y pénètre moins vite ; le trait reste net, avec un bord légèrement fibreux que j’aime beaucoup pour les ensō. Il supporte aussi le marouflage sans difficulté.',
      ),
      '<h2>Le papier d’Arches</h2>',
      paragraphs(
        'Fabriqué dans les Vosges depuis le XVe siècle, le papier aquarelle pur coton est très encollé : l’encre reste en surface et sèche lentement. On obtient des noirs profonds et des effets de grain, surtout sur le grain torchon. C’est mon choix pour les œuvres où la matière compte autant que le geste.',
      ),
      '<h2>Encollé ou non encollé ?</h2>',
      paragraphs(
        'L’encollage est un apport de colle (gélatine, alun ou amidon) qui limite l’absorption du papier. Un papier non encollé boit l’encre comme un buvard : le trait s’élargit, les bords deviennent flous, les gris se mélangent. Un papier encollé retient l’encre en surface : le trait reste net, mais il sèche plus lentement et peut briller.',
        'Entre les deux, les papiers semi-encollés offrent un bon équilibre pour apprendre. Pour savoir à quoi vous avez affaire, déposez une goutte d’eau : si elle disparaît aussitôt, le papier est cru ; si elle perle, il est encollé.',
      ),
      '<h2>Le grammage</h2>',
      paragraphs(
        'Les papiers orientaux sont très légers, entre 20 et 50 g/m², ce qui les rend translucides et fragiles une fois mouillés. Ils demandent souvent d’être marouflés, c’est-à-dire collés sur un second papier plus épais, pour être encadrés. Les papiers occidentaux, plus lourds, supportent mieux l’eau et restent plans.',
      ),
      '<h2>En pratique</h2>',
      '<ul><li>Pour apprendre le geste : papier journal ou papier d’exercice, sans aucun scrupule.</li><li>Pour les ensō : washi de 30 à 40 g/m².</li><li>Pour les lavis : xuan cru.</li><li>Pour les grands formats à encre épaisse : Arches 300 g/m² ou papier de chanvre.</li></ul>',
      paragraphs(
        'Dans tous les cas, achetez d’abord quelques feuilles et tracez le même trait sur chacune : c’est la meilleure façon de comprendre ce que le papier vous dit.',
      ),
    ].join(''),
    tags: ['Technique', 'Papier', 'Matériel'],
    date_publication: '2026-08-03T10:00:00.000Z',
    nombre_vues: 518,
    statut: 'publie',
    affiche: true,
    type: 'technique',
    image: image('portrait', 'glyph'),
  }),
  article({
    titre: 'Carnet d’été au bord de la Loire',
    sous_titre: null,
    extrait: 'Quelques pages de carnet tracées en juillet, entre Gien et Sully, avec un pinceau à réservoir.',
    contenu: paragraphs(
      'En juillet, j’ai longé la Loire à vélo avec un carnet et un pinceau à réservoir. Pas d’encre à frotter, pas de grande feuille : juste le temps d’une pause, un banc de sable, un héron.',
      'Ces pages ne sont pas des œuvres. Ce sont des notes, au sens musical. Elles nourrissent ce qui viendra à l’atelier cet hiver.',
    ),
    tags: ['Carnet', 'Voyage'],
    date_publication: '2026-07-10T16:20:00.000Z',
    nombre_vues: 96,
    statut: 'publie',
    affiche: true,
    type: 'inspiration',
    image: image('wide', 'horizon'),
  }),
  article({
    titre: 'Ce que m’apprend l’ensō',
    sous_titre: 'Un cercle par jour depuis sept ans',
    extrait:
      'Chaque matin, je trace un cercle. Sept ans plus tard, voici ce que cette pratique m’a appris sur l’imperfection et la constance.',
    contenu: [
      paragraphs(
        'Depuis le 1er janvier 2019, je trace un ensō chaque matin, avant toute autre chose. Un seul, sur une feuille de papier d’exercice. La plupart partent au recyclage le soir même ; quelques-uns sont gardés, encore moins sont signés.',
        'L’ensō est un cercle tracé d’un seul mouvement, sans reprise. Dans la tradition zen, il est à la fois le vide et la plénitude, l’instant et l’éternité. Pour moi, c’est d’abord un thermomètre : il dit avec une précision troublante dans quel état je commence la journée.',
      ),
      '<h2>L’imperfection n’est pas une faute</h2>',
      paragraphs(
        'Les premiers mois, je cherchais le cercle parfait. Je n’en ai jamais tracé. J’ai appris peu à peu que la beauté d’un ensō tient justement à ce qui le rend unique : un trait qui s’amincit, une ouverture, une éclaboussure au départ.',
      ),
      '<h2>La constance plutôt que l’intensité</h2>',
      paragraphs(
        'Un cercle par jour, c’est peu. Mais sept ans de cercles, c’est plus de deux mille cinq cents gestes identiques et tous différents. Aucune séance intensive ne m’aurait appris ce que cette répétition patiente m’a donné : une main qui sait, et un regard qui accepte.',
        'Si vous voulez commencer, ne visez pas la beauté. Visez la régularité. La beauté viendra, ou ne viendra pas, et ce n’est pas le plus important.',
      ),
      '<h2>Ce que disent les cercles</h2>',
      paragraphs(
        'Avec le temps, j’ai appris à lire mes propres cercles. Un ensō trop fermé, dont la fin rejoint exactement le début, trahit souvent une journée où je voulais tout contrôler. Un cercle très ouvert, presque un arc, vient des matins où j’étais ailleurs. Les plus justes sont ceux qui laissent une petite ouverture, comme une respiration entre la fin et le commencement.',
        'L’épaisseur du trait parle aussi. Les jours de fatigue, le trait s’amincit dès la moitié du cercle, faute d’élan. Les jours d’impatience, il s’épaissit au départ, parce que j’ai appuyé trop fort. Je ne corrige rien : je note simplement, au dos de la feuille, la date et un mot.',
      ),
      '<h2>Le carnet des cercles</h2>',
      paragraphs(
        'Les cercles gardés sont rangés par mois dans des chemises de papier kraft. Une fois par an, en janvier, je les étale tous sur le sol de l’atelier. C’est un moment étrange et émouvant : une année entière se lit d’un regard, avec ses saisons, ses périodes d’élan et ses passages à vide.',
        'C’est de ces bilans qu’est née la série « Dix souffles » : dix cercles tracés le même matin, présentés ensemble, pour montrer en une seule œuvre ce que l’année montre en trois cent soixante-cinq.',
      ),
      '<h2>Commencer sa propre pratique</h2>',
      '<ul><li>Choisissez un moment fixe, de préférence le matin, avant les écrans.</li><li>Préparez le matériel la veille : papier, encre, pinceau.</li><li>Tracez un seul cercle, sans recommencer, même s’il vous déplaît.</li><li>Datez-le, et gardez-en un par semaine.</li></ul>',
      paragraphs(
        'Au bout d’un mois, comparez le premier et le dernier. Vous ne verrez peut-être pas de progrès technique, mais vous verrez sûrement autre chose : une manière plus tranquille d’entrer dans le geste.',
        'Et si un matin vous n’avez pas envie de tracer, tracez quand même, mais lentement, en regardant le pinceau plutôt que le cercle. Ces cercles-là, tracés sans envie, sont parfois les plus surprenants de l’année.',
      ),
    ].join(''),
    tags: ['Ensō', 'Pratique quotidienne'],
    date_publication: '2026-06-12T06:30:00.000Z',
    nombre_vues: 1203,
    statut: 'publie',
    affiche: true,
    type: 'article',
    image: image('square', 'enso'),
  }),
  article({
    titre: 'Tenir le pinceau : trois exercices pour débuter',
    sous_titre: null,
    extrait:
      'Trois exercices simples, sans encre puis avec, pour trouver une tenue de pinceau détendue et stable.',
    contenu: [
      paragraphs(
        'La tenue du pinceau est la première chose que l’on corrige en atelier. Voici trois exercices à pratiquer dix minutes par jour pendant une semaine.',
      ),
      '<ol><li><strong>Le pinceau vertical.</strong> Tenez le pinceau perpendiculaire à la table, entre le pouce, l’index et le majeur, l’annulaire en appui. Tracez à sec des lignes horizontales en gardant le manche droit.</li><li><strong>Le poignet immobile.</strong> Posez une pièce de monnaie sur le dos de la main et tracez de grands cercles : c’est le bras qui bouge, pas le poignet.</li><li><strong>Le trait lent.</strong> Avec de l’encre diluée, tracez une ligne en comptant jusqu’à dix. La vitesse doit rester la même du début à la fin.</li></ol>',
      paragraphs(
        'Pendant ces exercices, surveillez vos épaules : elles ont tendance à remonter dès que l’on se concentre. Toutes les deux minutes, posez le pinceau, laissez tomber les bras le long du corps et respirez. Le trait gagne toujours à cette pause.',
        'Ne cherchez pas non plus à serrer le manche. Un bon test consiste à demander à quelqu’un de tirer doucement le pinceau vers le haut pendant que vous le tenez : il doit pouvoir glisser sans effort, sans que vos doigts s’ouvrent pour autant.',
        'Au bout d’une semaine, refaites le premier exercice avec de l’encre : vous verrez la différence.',
      ),
    ].join(''),
    tags: ['Tutoriel', 'Débuter'],
    date_publication: '2026-05-02T08:15:00.000Z',
    nombre_vues: 865,
    statut: 'publie',
    affiche: true,
    type: 'tutorial',
    image: image('portrait', 'gesture'),
  }),
  article({
    titre: 'Notes pour une série à venir',
    sous_titre: 'Brouillon',
    extrait: 'Premières idées pour la série de l’hiver prochain.',
    contenu: paragraphs('Texte en cours d’écriture : ne doit pas apparaître sur le site public.'),
    tags: [DEMO_FEATURED_TAG, 'Projet'],
    date_publication: '2026-11-15T09:00:00.000Z',
    nombre_vues: 0,
    statut: 'brouillon',
    affiche: true,
    type: 'article',
    image: null,
  }),
  article({
    titre: 'Annonce retirée du salon de printemps',
    sous_titre: null,
    extrait: 'Ce salon a été annulé : l’annonce est masquée.',
    contenu: paragraphs(
      'Le salon de printemps a été annulé par les organisateurs. Cette annonce est masquée.',
    ),
    tags: [DEMO_FEATURED_TAG, 'Exposition'],
    date_publication: '2026-04-01T09:00:00.000Z',
    nombre_vues: 42,
    statut: 'publie',
    affiche: false,
    type: 'news',
    image: null,
  }),
]

/** Slugs of the published, displayed articles tagged 'A la une'. */
export const DEMO_FEATURED_ARTICLE_SLUGS = DEMO_ARTICLES.filter(
  (a) => a.statut === 'publie' && a.affiche && a.tags.includes(DEMO_FEATURED_TAG),
).map((a) => a.slug)
/** Slugs of every public article (publie and affiche), newest first. */
export const DEMO_PUBLIC_ARTICLE_SLUGS = DEMO_ARTICLES.filter((a) => a.statut === 'publie' && a.affiche)
  .sort((a, b) => b.date_publication.localeCompare(a.date_publication))
  .map((a) => a.slug)
/** The draft (statut brouillon, affiche true): never public. */
export const DEMO_DRAFT_ARTICLE_SLUG = slugify('Notes pour une série à venir')
/** The hidden article (publie, affiche false): never public. */
export const DEMO_HIDDEN_ARTICLE_SLUG = slugify('Annonce retirée du salon de printemps')

// ---------------------------------------------------------------------------------------------
// Timeline

export type DemoEventType = 'exposition' | 'prix' | 'formation' | 'collaboration' | 'projet' | 'autre'
export type DemoEvent = {
  titre: string
  /** Rich text (sanitized before insert). */
  description: string
  /** YYYY-MM-DD. */
  date_evenement: string
  type: DemoEventType
  affiche: boolean
  image: DemoImage | null
}

/** A hidden timeline event (affiche false). */
export const DEMO_HIDDEN_EVENT = 'Salon de printemps (annulé)'

export const DEMO_EVENTS: DemoEvent[] = [
  {
    titre: 'Diplôme des Beaux-Arts de Lyon',
    description: paragraphs(
      'Diplôme national supérieur d’expression plastique, avec un mémoire consacré à l’écriture comme geste pictural.',
    ),
    date_evenement: '2018-06-28',
    type: 'formation',
    affiche: true,
    image: null,
  },
  {
    titre: 'Six mois d’étude du shodō à Kyoto',
    description: paragraphs(
      'Apprentissage quotidien auprès d’un maître de calligraphie japonaise : tenue du pinceau, préparation de l’encre, copie des classiques.',
    ),
    date_evenement: '2019-03-01',
    type: 'formation',
    affiche: true,
    image: image('landscape', 'glyph'),
  },
  {
    titre: 'Série « Cent souffles »',
    description: paragraphs(
      'Cent ensō tracés en cent jours, au retour du Japon. Début de la pratique quotidienne.',
    ),
    date_evenement: '2019-09-15',
    type: 'projet',
    affiche: true,
    image: null,
  },
  {
    titre: 'Première exposition personnelle, « Encre et silence »',
    description: paragraphs(
      'Dix-huit œuvres présentées à la librairie-galerie La Virgule, à Lyon. Rencontre avec le public autour d’une démonstration de tracé.',
    ),
    date_evenement: '2021-05-20',
    type: 'exposition',
    affiche: true,
    image: PREMIER_CERCLE_IMAGES[1] as DemoImage,
  },
  {
    titre: 'Prix du public, Biennale de la lettre d’Annecy',
    description: paragraphs('Pour l’œuvre « Abécédaire du silence », aujourd’hui en collection privée.'),
    date_evenement: '2022-10-08',
    type: 'prix',
    affiche: true,
    image: null,
  },
  {
    titre: 'Identité calligraphiée pour la maison de thé Kōcha',
    description: paragraphs(
      'Création du logotype, des étiquettes et d’une fresque de quatre mètres pour le salon de thé de la rue Mercière.',
    ),
    date_evenement: '2023-04-12',
    type: 'collaboration',
    affiche: true,
    image: image('wide', 'glyph'),
  },
  {
    titre: 'Résidence d’été à Fès',
    description: paragraphs(
      'Trois semaines auprès de calligraphes marocains : découverte du calame et de l’écriture maghribi.',
    ),
    date_evenement: '2023-07-03',
    type: 'formation',
    affiche: true,
    image: null,
  },
  {
    titre: '« Traces », exposition collective',
    description: paragraphs('Quatre artistes de la lettre réunis à la galerie Vanneau, à Paris.'),
    date_evenement: '2024-03-14',
    type: 'exposition',
    affiche: true,
    image: null,
  },
  {
    titre: 'Lancement du podcast « L’Encre et le Souffle »',
    description: paragraphs('Un rendez-vous mensuel pour parler du geste, des outils et des rencontres.'),
    date_evenement: '2025-01-20',
    type: 'autre',
    affiche: true,
    image: null,
  },
  {
    titre: 'Mention spéciale du jury, festival Lettres d’ailleurs',
    description: paragraphs('Pour la série « Dix souffles ».'),
    date_evenement: '2025-11-22',
    type: 'prix',
    affiche: true,
    image: DIX_SOUFFLES_IMAGES[1] as DemoImage,
  },
  {
    titre: 'Fresque pour la médiathèque de Villeurbanne',
    description: paragraphs(
      'Une phrase de Christian Bobin calligraphiée sur neuf mètres, réalisée avec les enfants des ateliers du mercredi.',
    ),
    date_evenement: '2026-02-10',
    type: 'collaboration',
    affiche: true,
    image: null,
  },
  {
    titre: '« Traces », exposition personnelle',
    description: paragraphs('Vingt-quatre œuvres, dont six grands formats inédits, à la galerie Vanneau.'),
    date_evenement: '2026-10-03',
    type: 'exposition',
    affiche: true,
    image: ELAN_IMAGES[1] as DemoImage,
  },
  {
    titre: DEMO_HIDDEN_EVENT,
    description: paragraphs('Annulé par les organisateurs.'),
    date_evenement: '2026-04-18',
    type: 'exposition',
    affiche: false,
    image: null,
  },
]

// ---------------------------------------------------------------------------------------------
// Podcasts

export type DemoEpisode = {
  titre: string
  resume: string
  /** Rich text (sanitized before insert). */
  description: string
  /** Plain text with blank lines between paragraphs. */
  transcription: string | null
  /** ISO 8601 instant. */
  date_publication: string
  duree: string
  code_player_html: string | null
  publie: boolean
  ordre: number
  image: DemoImage | null
}
export type DemoSeason = {
  nom: string
  description: string
  affichee: boolean
  ordre: number
  image: DemoImage
  episodes: DemoEpisode[]
}

const ausha = (id: string) =>
  `<iframe name="Ausha Podcast Player" frameborder="0" loading="lazy" id="ausha-${id}" height="220" style="border: none; width:100%; height:220px" src="https://player.ausha.co/index.html?showId=demo&display=horizontal&playlist=false&podcastId=${id}&color=%239f2a1d&v=3&playerId=ausha-${id}"></iframe><script src="https://player.ausha.co/ausha-player.js"></script>`

/** The unpublished episode (publie false): never public. */
export const DEMO_UNPUBLISHED_EPISODE = 'Le papier, en préparation'
/** The episode whose player code is not from an allowlisted host (sandboxed fallback). */
export const DEMO_SANDBOXED_EPISODE = 'Questions d’auditeurs'
/** The episode embedding a Spotify player. */
export const DEMO_SPOTIFY_EPISODE = 'Rencontre avec un fabricant de pinceaux'

const LONG_TRANSCRIPTION = [
  'Bonjour et bienvenue dans L’Encre et le Souffle. Je suis Claire Montaigu, calligraphe, et aujourd’hui je voudrais vous parler de la première chose que l’on apprend quand on commence la calligraphie à l’encre : l’attente.',
  'On imagine souvent que la calligraphie est un art de la vitesse. On a vu ces vidéos de maîtres qui tracent un idéogramme en une seconde, d’un geste qui paraît évident. Et c’est vrai que le trait, lui, est rapide. Mais tout ce qui le précède est lent : la préparation de l’encre, le choix du papier, la façon de s’asseoir ou de se tenir debout, et surtout ce moment, juste avant, où l’on ne fait rien.',
  'Quand j’étais à Kyoto, mon professeur me faisait frotter l’encre pendant vingt minutes avant chaque séance. Au début, je trouvais cela interminable. J’avais envie de tracer, de produire. Et puis, au bout de quelques semaines, j’ai remarqué que mes traits étaient meilleurs les jours où j’avais pris le temps de frotter l’encre sans penser à autre chose. Ce n’était pas l’encre qui était meilleure : c’était moi qui étais prête.',
  'Alors, concrètement, qu’est-ce que je vous propose ? Un exercice très simple. Avant votre prochaine séance, prenez cinq minutes. Asseyez-vous devant votre feuille, posez votre pinceau chargé d’encre sur le repose-pinceau, et respirez. Ne cherchez pas à vider votre tête, ce n’est pas de la méditation. Regardez simplement la feuille. Voyez où le trait pourrait commencer, où il pourrait finir. Et quand vous sentez que la main a envie d’y aller, laissez-la faire.',
  'Vous verrez : le premier trait après ces cinq minutes n’a pas la même qualité que les autres. Il est plus ample, plus calme, plus juste. Et si ce n’est pas le cas, ce n’est pas grave. Recommencez demain.',
  'Une auditrice m’a écrit récemment pour me dire qu’elle n’avait jamais le temps de ces cinq minutes. Je la comprends très bien. Alors je lui ai proposé autre chose : une seule respiration, mais une vraie, longue, jusqu’au bout de l’expiration. C’est déjà énorme. La calligraphie ne demande pas d’avoir du temps ; elle demande d’être entièrement là pendant le peu de temps qu’on lui donne.',
  'Et puis il y a une autre attente, plus longue, dont on parle moins : celle qui sépare une œuvre de la suivante. Il m’arrive de ne rien tracer d’important pendant des semaines. Je continue mes cercles du matin, je prépare l’encre, je range l’atelier. Et un jour, sans prévenir, le geste est là. J’ai appris à ne pas forcer ces périodes creuses. Elles font partie du travail.',
  'Dans le prochain épisode, nous parlerons du pinceau lui-même : comment le choisir, comment le charger, et pourquoi il faut parfois accepter qu’il ait sa propre volonté. Merci de m’avoir écoutée, et à bientôt.',
].join('\n\n')

export const DEMO_SEASONS: DemoSeason[] = [
  {
    nom: 'Saison 1 — Les gestes fondateurs',
    description: paragraphs(
      'Cinq épisodes pour découvrir les bases de la calligraphie à l’encre : l’attente, le pinceau, l’encre, le papier et le sceau.',
    ),
    affichee: true,
    ordre: 1,
    image: image('square', 'enso'),
    episodes: [
      {
        titre: 'Apprendre à attendre',
        resume: 'Pourquoi la calligraphie commence bien avant le premier trait.',
        description: paragraphs(
          'Dans ce premier épisode, Claire raconte ses débuts à Kyoto et propose un exercice de cinq minutes à faire avant chaque séance.',
        ),
        transcription: LONG_TRANSCRIPTION,
        date_publication: '2025-01-20T07:00:00.000Z',
        duree: '18 min',
        code_player_html: ausha('demo-s1e1'),
        publie: true,
        ordre: 1,
        image: image('square', 'enso'),
      },
      {
        titre: 'Le pinceau a sa propre volonté',
        resume: 'Choisir, charger et écouter son pinceau.',
        description: paragraphs(
          'Poils de chèvre, de loup ou de cheval : ce que chaque pinceau permet, et comment le charger pour que le trait garde son noir jusqu’au bout.',
        ),
        transcription:
          'Bonjour à toutes et à tous. Aujourd’hui, parlons du pinceau. On croit le diriger ; en réalité, on négocie avec lui.\n\nUn pinceau en poils de chèvre est souple et absorbe beaucoup d’encre : il donne des traits ronds et généreux. Un pinceau en poils de loup, c’est-à-dire en réalité de belette, est plus nerveux et plus précis.\n\nPour le charger, trempez-le jusqu’à la virole, puis essorez doucement la pointe sur le bord de la pierre. Le cœur du pinceau garde la réserve, la pointe dessine.',
        date_publication: '2025-02-17T07:00:00.000Z',
        duree: '24 min',
        code_player_html: ausha('demo-s1e2'),
        publie: true,
        ordre: 2,
        image: image('portrait', 'gesture'),
      },
      {
        titre: 'Frotter l’encre',
        resume: 'Dix minutes de patience pour un noir profond.',
        description: paragraphs(
          'Bâtons de suie de pin, pierres à encre et eau douce : une séance de préparation racontée pas à pas.',
        ),
        transcription: null,
        date_publication: '2025-03-17T07:00:00.000Z',
        duree: '21 min',
        code_player_html: ausha('demo-s1e3'),
        publie: true,
        ordre: 3,
        image: null,
      },
      {
        titre: DEMO_SANDBOXED_EPISODE,
        resume: 'Claire répond à vos questions sur le matériel et la pratique quotidienne.',
        description: paragraphs(
          'Un épisode spécial consacré à vos messages : par où commencer, combien de temps pratiquer, comment garder la motivation.',
        ),
        transcription:
          'Merci pour vos nombreux messages. Première question, de Mathilde : par où commencer ?',
        date_publication: '2025-04-14T07:00:00.000Z',
        duree: '32 min',
        code_player_html:
          '<div class="podcast-widget" data-episode="questions-auditeurs"></div><script src="https://widgets.exemple-podcast.fr/embed.js" async></script>',
        publie: true,
        ordre: 4,
        image: image('square', 'glyph'),
      },
      {
        titre: DEMO_UNPUBLISHED_EPISODE,
        resume: 'Épisode en cours de montage.',
        description: paragraphs('Xuan, washi, Arches : ce que le papier fait à l’encre.'),
        transcription: null,
        date_publication: '2026-12-15T07:00:00.000Z',
        duree: '25 min',
        code_player_html: null,
        publie: false,
        ordre: 5,
        image: null,
      },
    ],
  },
  {
    nom: 'Saison 2 — Rencontres',
    description: paragraphs(
      'Des conversations avec des artisans et des artistes qui travaillent la lettre, le papier et l’encre.',
    ),
    affichee: true,
    ordre: 2,
    image: image('square', 'glyph'),
    episodes: [
      {
        titre: DEMO_SPOTIFY_EPISODE,
        resume: 'Visite d’un atelier de fabrication de pinceaux dans le Jura.',
        description: paragraphs(
          'Une journée avec un artisan qui fabrique encore des pinceaux à la main, poil par poil, pour les calligraphes et les peintres.',
        ),
        transcription:
          'Claire : Bonjour, merci de m’accueillir dans votre atelier.\n\nL’artisan : Avec plaisir. Vous voyez, ici, tout commence par le tri des poils. Il faut des heures pour former une seule pointe.',
        date_publication: '2025-10-06T07:00:00.000Z',
        duree: '41 min',
        code_player_html:
          '<iframe style="border-radius:12px" src="https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk?utm_source=generator" width="100%" height="152" frameborder="0" allowfullscreen="" allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture" loading="lazy"></iframe>',
        publie: true,
        ordre: 1,
        image: image('landscape', 'studio'),
      },
      {
        titre: 'La lettre et la pierre, avec une graveuse',
        resume: 'Graver une inscription dans la pierre : le trait qui dure des siècles.',
        description: paragraphs(
          'Conversation avec une graveuse en lettres qui restaure les inscriptions des monuments lyonnais.',
        ),
        transcription: null,
        date_publication: '2025-11-10T07:00:00.000Z',
        duree: '37 min',
        code_player_html: ausha('demo-s2e2'),
        publie: true,
        ordre: 2,
        image: null,
      },
    ],
  },
]

// ---------------------------------------------------------------------------------------------
// Studio photos

export type DemoPhotoTaille = 'small' | 'medium' | 'large' | 'xlarge'
export type DemoStudioPhoto = {
  nom: string
  /** Rich text (sanitized before insert). */
  description: string
  taille: DemoPhotoTaille
  affichee: boolean
  ordre: number
  image: DemoImage
}

/** A hidden studio photo (affichee false). */
export const DEMO_HIDDEN_STUDIO_PHOTO = 'Rangement en cours'

export const DEMO_STUDIO_PHOTOS: DemoStudioPhoto[] = [
  {
    nom: 'La grande table',
    description: paragraphs(
      'Quatre mètres de chêne couverts d’un feutre gris. C’est ici que sont tracés les formats jusqu’à 100 x 150 cm.',
    ),
    taille: 'xlarge',
    affichee: true,
    ordre: 1,
    image: image('wide', 'studio'),
  },
  {
    nom: 'Pierres à encre',
    description: paragraphs('Trois suzuri rapportés de Kyoto, dont un de plus de cent ans.'),
    taille: 'small',
    affichee: true,
    ordre: 2,
    image: image('square', 'studio'),
  },
  {
    nom: 'Pinceaux au repos',
    description: paragraphs(
      'Les pinceaux sèchent toujours pointe en bas, suspendus, pour que l’eau ne remonte pas dans la virole.',
    ),
    taille: 'medium',
    affichee: true,
    ordre: 3,
    image: image('landscape', 'studio'),
  },
  {
    nom: 'Essais du matin',
    description: paragraphs('Les ensō du jour, avant le tri du soir.'),
    taille: 'large',
    affichee: true,
    ordre: 4,
    image: DIX_SOUFFLES_IMAGES[2] as DemoImage,
  },
  {
    nom: 'Lumière du nord',
    description: paragraphs(
      'Les hautes fenêtres de l’ancienne soierie donnent une lumière égale toute la journée, idéale pour juger les gris.',
    ),
    taille: 'medium',
    affichee: true,
    ordre: 5,
    image: image('landscape', 'horizon'),
  },
  {
    nom: 'Bâtons d’encre',
    description: paragraphs('Suie de pin, suie d’huile, encre bleutée : chaque bâton a sa couleur de noir.'),
    taille: 'small',
    affichee: true,
    ordre: 6,
    image: image('square', 'glyph'),
  },
  {
    nom: 'Le mur des épreuves',
    description: paragraphs(
      'Avant d’être signées, les œuvres restent une semaine au mur. Celles qui me lassent ne sont pas gardées.',
    ),
    taille: 'xlarge',
    affichee: true,
    ordre: 7,
    image: image('wide', 'gesture'),
  },
  {
    nom: 'Le sceau',
    description: paragraphs(
      'Mon sceau a été gravé dans une pierre de Shoushan. La pâte vermillon se conserve dans une boîte en porcelaine.',
    ),
    taille: 'small',
    affichee: true,
    ordre: 8,
    image: image('square', 'glyph'),
  },
  {
    nom: 'Atelier d’initiation',
    description: paragraphs(
      'Le samedi matin, la grande table accueille six participants. On commence toujours par une demi-heure sans encre.',
    ),
    taille: 'large',
    affichee: true,
    ordre: 9,
    image: image('landscape', 'studio'),
  },
  {
    nom: 'Papiers en réserve',
    description: paragraphs('Washi, xuan et Arches, rangés à plat dans un meuble à plans.'),
    taille: 'medium',
    affichee: true,
    ordre: 10,
    image: image('portrait', 'studio'),
  },
  {
    nom: 'Grand format au sol',
    description: paragraphs('Pour les plus grands formats, le papier est posé au sol et je trace debout.'),
    taille: 'large',
    affichee: true,
    ordre: 11,
    image: ELAN_IMAGES[0] as DemoImage,
  },
  {
    nom: DEMO_HIDDEN_STUDIO_PHOTO,
    description: paragraphs('Photo masquée : l’atelier en plein rangement.'),
    taille: 'medium',
    affichee: false,
    ordre: 12,
    image: image('landscape', 'studio'),
  },
]
