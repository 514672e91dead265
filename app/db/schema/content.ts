import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, groupColumns, instant, shownInOrder, updatedAt, uuidKey } from './columns'
import { SEARCH_COLUMN } from './search'

/** Key/value appearance and content settings (public spec §3, back-office spec §3). */
export const siteSettings = pgTable('site_settings', {
  id: uuidKey(),
  setting_key: text('setting_key').notNull().unique(),
  setting_value: text('setting_value'),
  setting_type: text('setting_type').notNull().default('text'),
  cree_le: createdAt(),
  modifie_le: updatedAt(),
})

/** Per-page banner, title, description and menu entry (public spec §3). */
export const pagesConfig = pgTable(
  'pages_config',
  {
    id: uuidKey(),
    page_name: text('page_name').notNull().unique(),
    menu_name: text('menu_name'),
    page_url: text('page_url'),
    menu_order: integer('menu_order').notNull().default(0),
    show_in_menu: boolean('show_in_menu').notNull().default(true),
    titre: text('titre'),
    description: text('description'),
    image_url: text('image_url'),
    image_height: text('image_height'),
    image_width: text('image_width'),
    cree_le: createdAt(),
    modifie_le: updatedAt(),
  },
  (t) => [index('pages_config_menu_idx').on(t.menu_order).where(sql`${t.show_in_menu}`)],
)

export const ARTICLE_STATUTS = ['brouillon', 'publie', 'archive'] as const
export const ARTICLE_TYPES = ['article', 'tutorial', 'news', 'inspiration', 'technique'] as const

/** The content columns of an article, which its revisions keep too (issue #11 §3). */
const articleContent = () => ({
  titre: text('titre').notNull(),
  sous_titre: text('sous_titre'),
  extrait: text('extrait'),
  contenu: text('contenu').notNull(),
  image_url: text('image_url'),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
})

/** Blog article; public only when statut = 'publie' and affiche (public spec §4). */
export const articles = pgTable(
  'articles',
  {
    id: uuidKey(),
    slug: text('slug').notNull().unique(),
    ...articleContent(),
    date_publication: instant('date_publication'),
    nombre_vues: integer('nombre_vues').notNull().default(0),
    /**
     * Reading time in minutes (public spec §5: 1 min per 1000 characters of the text a reader
     * sees, at least 1), stored by each save so lists never read the text (issue #35 §1).
     */
    minutes_lecture: integer('minutes_lecture').notNull().default(1),
    statut: text('statut', { enum: ARTICLE_STATUTS }).notNull().default('brouillon'),
    affiche: boolean('affiche').notNull().default(false),
    type: text('type', { enum: ARTICLE_TYPES }).notNull().default('article'),
    auteur_id: text('auteur_id'),
    /** Who saved the current content (user id; issue #36 §2), null for content saved before it was kept. */
    modifie_par: text('modifie_par'),
    cree_le: createdAt(),
    modifie_le: updatedAt(),
  },
  (t) => [
    check('articles_statut_check', sql`${t.statut} in ('brouillon', 'publie', 'archive')`),
    check(
      'articles_type_check',
      sql`${t.type} in ('article', 'tutorial', 'news', 'inspiration', 'technique')`,
    ),
    check('articles_nombre_vues_check', sql`${t.nombre_vues} >= 0`),
    index('articles_public_idx')
      .on(t.date_publication.desc())
      .where(sql`${t.statut} = 'publie' and ${t.affiche}`),
    index('articles_tags_idx').using('gin', t.tags),
    index('articles_modifie_le_idx').on(t.modifie_le.desc()),
    index('articles_recherche_idx').using('gin', SEARCH_COLUMN),
  ],
)

/**
 * A previous content of an article (its text, image, tags and type; not its slug nor its
 * publication), kept by each save (issue #11 §3; decision 024): the last
 * {@link MAX_ARTICLE_REVISIONS} per article. `modifie_le` is when that content had been saved,
 * `cree_le` when a save replaced it.
 */
export const revisionsArticles = pgTable(
  'revisions_articles',
  {
    id: uuidKey(),
    article_id: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    ...articleContent(),
    type: text('type', { enum: ARTICLE_TYPES }).notNull(),
    modifie_le: instant('modifie_le').notNull(),
    /** Who had saved this content (articles.modifie_par when it was replaced; issue #36 §2). */
    modifie_par: text('modifie_par'),
    cree_le: createdAt(),
  },
  (t) => [index('revisions_articles_article_idx').on(t.article_id, t.cree_le.desc())],
)

/** How many previous contents of one article are kept (issue #11 §3). */
export const MAX_ARTICLE_REVISIONS = 20

/**
 * Views of an article per day in the site's time zone (issue #11 §5; decision 024): what the
 * dashboard plots. articles.nombre_vues stays the total the article page shows.
 */
export const vuesArticles = pgTable(
  'vues_articles',
  {
    article_id: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    jour: date('jour', { mode: 'string' }).notNull(),
    vues: integer('vues').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.article_id, t.jour] }),
    index('vues_articles_jour_idx').on(t.jour),
    check('vues_articles_vues_check', sql`${t.vues} >= 0`),
  ],
)

/**
 * Views of all articles together on each finished day (before today in the site's time zone):
 * the dashboard's 30-day chart reads one row a day here instead of one row per article and day
 * (issue #35 §2). A cache of vues_articles: a finished day's views no longer change, so a day is
 * summed the first time the dashboard needs it (app/services/dashboard/article-views.server.ts),
 * and a day missing here is summed from vues_articles.
 */
export const vuesJours = pgTable('vues_jours', {
  jour: date('jour', { mode: 'string' }).primaryKey(),
  vues: integer('vues').notNull(),
})

/**
 * Views of each article over the finished days of the dashboard's period — the 29 days before
 * `calcule_pour` — summed once a day from vues_articles (issue #35 §2): the most-read articles
 * are then these sums plus today's rows, instead of every article's row of 30 days. A cache: the
 * rows of an earlier day are replaced, and without rows for today the sums are read from
 * vues_articles.
 */
export const vuesArticlesPeriode = pgTable(
  'vues_articles_periode',
  {
    calcule_pour: date('calcule_pour', { mode: 'string' }).notNull(),
    article_id: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    vues: integer('vues').notNull(),
  },
  (t) => [primaryKey({ columns: [t.calcule_pour, t.article_id] })],
)

/** Portfolio category (back-office spec §3). */
export const categories = pgTable('categories', groupColumns(), (t) => [
  index('categories_public_idx').on(t.ordre, t.nom).where(sql`${t.affichee}`),
])

export const OEUVRE_STATUTS = ['disponible', 'vendu', 'collection privée', 'me contacter'] as const

/** Artwork with up to 10 images, image1_url being the main one (back-office spec §3). */
export const oeuvres = pgTable(
  'oeuvres',
  {
    id: uuidKey(),
    nom: text('nom').notNull(),
    description: text('description'),
    prix: numeric('prix', { precision: 12, scale: 2 }),
    statut: text('statut', { enum: OEUVRE_STATUTS }).notNull().default('disponible'),
    technique: text('technique'),
    dimensions: text('dimensions'),
    annee: integer('annee'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    categorie_id: uuid('categorie_id').references(() => categories.id, { onDelete: 'set null' }),
    ...shownInOrder(),
    image1_url: text('image1_url'),
    image2_url: text('image2_url'),
    image3_url: text('image3_url'),
    image4_url: text('image4_url'),
    image5_url: text('image5_url'),
    image6_url: text('image6_url'),
    image7_url: text('image7_url'),
    image8_url: text('image8_url'),
    image9_url: text('image9_url'),
    image10_url: text('image10_url'),
  },
  (t) => [
    check(
      'oeuvres_statut_check',
      sql`${t.statut} in ('disponible', 'vendu', 'collection privée', 'me contacter')`,
    ),
    check('oeuvres_prix_check', sql`${t.prix} is null or ${t.prix} >= 0`),
    index('oeuvres_categorie_public_idx').on(t.categorie_id, t.ordre, t.nom).where(sql`${t.affichee}`),
    index('oeuvres_recherche_idx').using('gin', SEARCH_COLUMN),
  ],
)

export const EVENEMENT_TYPES = [
  'exposition',
  'prix',
  'formation',
  'collaboration',
  'projet',
  'autre',
] as const

/** Career timeline event (back-office spec §3). */
export const evenements = pgTable(
  'evenements',
  {
    id: uuidKey(),
    titre: text('titre').notNull(),
    description: text('description'),
    image_url: text('image_url'),
    date_evenement: date('date_evenement', { mode: 'string' }).notNull(),
    annee: integer('annee').notNull(),
    /** Where it takes place, e.g. 'Galerie Mézanine' (issue #36 §6: the Event's `location`), or null. */
    lieu: text('lieu'),
    /** The place's postal address, e.g. '12 rue de la Charité, 69002 Lyon', or null. */
    lieu_adresse: text('lieu_adresse'),
    type: text('type', { enum: EVENEMENT_TYPES }).notNull().default('projet'),
    affiche: boolean('affiche').notNull().default(true),
    ordre: integer('ordre').notNull().default(0),
    cree_le: createdAt(),
  },
  (t) => [
    check(
      'evenements_type_check',
      sql`${t.type} in ('exposition', 'prix', 'formation', 'collaboration', 'projet', 'autre')`,
    ),
    index('evenements_public_idx').on(t.date_evenement.desc()).where(sql`${t.affiche}`),
    index('evenements_recherche_idx').using('gin', SEARCH_COLUMN),
  ],
)

/** Podcast season (back-office spec §3). */
export const saisonsPodcast = pgTable('saisons_podcast', groupColumns(), (t) => [
  index('saisons_podcast_public_idx').on(t.ordre).where(sql`${t.affichee}`),
])

/** Podcast episode; public when publie (back-office spec §3). */
export const episodesPodcast = pgTable(
  'episodes_podcast',
  {
    id: uuidKey(),
    saison_id: uuid('saison_id').references(() => saisonsPodcast.id, { onDelete: 'set null' }),
    titre: text('titre').notNull(),
    resume: text('resume'),
    description: text('description'),
    transcription: text('transcription'),
    image_url: text('image_url'),
    date_publication: instant('date_publication'),
    duree: text('duree'),
    code_player_html: text('code_player_html'),
    publie: boolean('publie').notNull().default(false),
    ordre: integer('ordre').notNull().default(0),
    cree_le: createdAt(),
  },
  (t) => [
    index('episodes_podcast_saison_public_idx').on(t.saison_id, t.ordre).where(sql`${t.publie}`),
    index('episodes_podcast_recherche_idx').using('gin', SEARCH_COLUMN),
  ],
)

export const PHOTO_TAILLES = ['small', 'medium', 'large', 'xlarge'] as const

/** Studio photo (back-office spec §3). */
export const photosAtelier = pgTable(
  'photos_atelier',
  {
    id: uuidKey(),
    nom: text('nom'),
    description: text('description'),
    image_url: text('image_url').notNull(),
    taille: text('taille', { enum: PHOTO_TAILLES }).notNull().default('medium'),
    ...shownInOrder(),
  },
  (t) => [
    check('photos_atelier_taille_check', sql`${t.taille} in ('small', 'medium', 'large', 'xlarge')`),
    index('photos_atelier_public_idx').on(t.ordre).where(sql`${t.affichee}`),
  ],
)

/** Message sent through /contact (back-office spec §3). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuidKey(),
    nom: text('nom').notNull(),
    prenom: text('prenom'),
    email: text('email').notNull(),
    telephone: text('telephone'),
    sujet: text('sujet').notNull(),
    message: text('message').notNull(),
    /** The work the message asks about (issue #11 §4; decision 024), or null. */
    oeuvre_id: uuid('oeuvre_id').references(() => oeuvres.id, { onDelete: 'set null' }),
    lu: boolean('lu').notNull().default(false),
    archive: boolean('archive').notNull().default(false),
    cree_le: createdAt(),
  },
  (t) => [index('contact_messages_cree_le_idx').on(t.cree_le.desc())],
)
