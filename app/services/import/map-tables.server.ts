import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { escapeUTF8 } from 'entities'
import {
  ARTICLE_STATUTS,
  ARTICLE_TYPES,
  account,
  articles,
  categories,
  contactMessages,
  ENCHERE_STATUTS,
  EVENEMENT_TYPES,
  encheres,
  episodesPodcast,
  evenements,
  mises,
  OEUVRE_STATUTS,
  oeuvres,
  PHOTO_TAILLES,
  pagesConfig,
  photosAtelier,
  saisonsPodcast,
  siteSettings,
  user,
  validationsEmail,
} from '#app/db/schema'
import { checkSetting, settingField } from '#app/lib/admin/settings-schema'
import { toImageColumns } from '#app/lib/artwork-display'
import { PAGE_NAMES } from '#app/lib/pages'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { publicationDayStart } from '#app/lib/time-zone'
import { hashValidationToken } from '#app/services/auctions/validation-token.server'
import { parseTextArray, type SourceRow } from './copy-text'
import type { ImageImporter } from './import-images.server'
import { convertQuillHtml, htmlAddresses } from './quill-html'
import type { SourceData, SourceTable } from './read-source.server'

/** One Encre row to insert (column → value or SQL expression), keyed by the original's id. */
export type MappedRow = { id: string; values: Record<string, unknown> }
/** A source row left out, with the French reason the report prints. */
export type SkippedRow = { id: string; reason: string }
/** A row's value changed on the way in, for the report (e.g. an old event type shown as 'autre'). */
export type MappedNote = { id: string; note: string }

export type MapContext = {
  data: SourceData
  images: ImageImporter
  /** The site's time zone (SITE_TIMEZONE): a day without time (an episode's date) starts then. */
  timeZone: string
}

export type TableMapping = {
  /** The Encre table written, as the report names it (the spec's name). */
  name: string
  /** The source table read. */
  source: SourceTable
  table: PgTable
  /** Maps one source row: the row to insert, or the reason it is left out. */
  map: (row: SourceRow, context: MapContext, notes: MappedNote[]) => Promise<MappedRow | SkippedRow>
  /** Writes that go with each inserted row (the credential account of a user). */
  extra?: { table: PgTable; values: (row: SourceRow) => Record<string, unknown> | null }
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/
const DAY = /^\d{4}-\d{2}-\d{2}$/
const DECIMAL = /^\d+(?:\.\d+)?$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const HAS_TAG = /<[a-z][^>]*>/i

/** A text column: trimmed, '' → null. */
function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

/**
 * A `timestamptz` exactly as the source wrote it (microseconds and offset kept: PostgreSQL reads
 * `+01`/`+02` as the same instant), or null.
 * @throws Error when the text is not a timestamp.
 */
function instant(value: string | null | undefined): SQL | null {
  const trimmed = text(value)
  if (!trimmed) return null
  if (!TIMESTAMP.test(trimmed)) throw new Error(`date illisible « ${trimmed} »`)
  return sql`${trimmed}::timestamptz`
}

function bool(value: string | null | undefined, fallback: boolean): boolean {
  if (value === null || value === undefined || value === '') return fallback
  return value === 't' || value === 'true' || value === '1'
}

function int(value: string | null | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10)
  return Number.isFinite(parsed) ? parsed : fallback
}

function price(value: string | null | undefined): string | null {
  const trimmed = text(value)
  if (!trimmed) return null
  if (!DECIMAL.test(trimmed)) throw new Error(`prix illisible « ${trimmed} »`)
  return Number(trimmed).toFixed(2)
}

function tags(value: string | null | undefined): string[] {
  return value
    ? parseTextArray(value)
        .map((tag) => tag.trim())
        .filter(Boolean)
    : []
}

function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined
}

/** The ids of a source table, for links between rows (a deleted category is not among them). */
function idsOf(data: SourceData, table: SourceTable): Set<string> {
  return new Set((data.tables.get(table) ?? []).map((row) => row.id ?? ''))
}

const idCache = new WeakMap<SourceData, Map<SourceTable, Set<string>>>()
function knownIds(data: SourceData, table: SourceTable): Set<string> {
  let byTable = idCache.get(data)
  if (!byTable) {
    byTable = new Map()
    idCache.set(data, byTable)
  }
  let ids = byTable.get(table)
  if (!ids) {
    ids = idsOf(data, table)
    byTable.set(table, ids)
  }
  return ids
}

/** Plain text with no markup becomes paragraphs (a blank line between two), as the editor writes it. */
function paragraphs(value: string): string {
  if (HAS_TAG.test(value)) return value
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escapeUTF8(part).replace(/\r?\n/g, '<br>')}</p>`)
    .join('')
}

/**
 * Rich text of the original through Encre's editor rules (decision 036): Quill's markup converted
 * ({@link convertQuillHtml}), images of the original's storage imported and linked, then the
 * editor's sanitizer.
 */
async function richText(
  value: string | null | undefined,
  context: MapContext,
  folder: string,
  where: string,
): Promise<string | null> {
  if (!value?.trim()) return null
  const html = paragraphs(value)
  const mapped = new Map<string, string | null>()
  for (const address of htmlAddresses(html)) {
    if (!context.images.isOriginalStorage(address) || mapped.has(address)) continue
    mapped.set(address, await context.images.import(address, folder, where))
  }
  return sanitizeOptionalRichText(convertQuillHtml(html, (address) => mapped.get(address)))
}

/** `cree_le` and `modifie_le` from the source's columns of those moments (absent: now). */
function writtenAt(row: SourceRow, created = 'cree_le', updated = 'modifie_le') {
  return { cree_le: instant(row[created]) ?? undefined, modifie_le: instant(row[updated]) ?? undefined }
}

/** `ordre` and `cree_le` of a row shown in order. */
function orderValues(row: SourceRow): { ordre: number; cree_le: SQL | undefined } {
  return { ordre: int(row.ordre, 0), cree_le: instant(row.cree_le) ?? undefined }
}

/** `affichee`, `ordre` and `cree_le` of a row the public site shows unless hidden. */
function shownValues(row: SourceRow) {
  return { affichee: bool(row.affichee, true), ...orderValues(row) }
}

function skip(id: string | null | undefined, reason: string): SkippedRow {
  return { id: id ?? '?', reason }
}

/**
 * A table's mapping: `map` gets the source row and its id (checked to be a UUID); a malformed value
 * it meets skips the row with the reason ({@link guarded}).
 */
function tableMapping(
  name: string,
  source: SourceTable,
  table: PgTable,
  map: (
    row: SourceRow,
    context: MapContext,
    notes: MappedNote[],
    id: string,
  ) => Promise<MappedRow | SkippedRow>,
  extra?: TableMapping['extra'],
): TableMapping {
  return {
    name,
    source,
    table,
    map: guarded((row, context, notes) => map(row, context, notes, row.id as string)),
    extra,
  }
}

function isSkipped(result: MappedRow | SkippedRow): result is SkippedRow {
  return 'reason' in result
}

/** Runs a row's mapping, turning a malformed value into a skipped row with its reason. */
function guarded(
  map: (row: SourceRow, context: MapContext, notes: MappedNote[]) => Promise<MappedRow | SkippedRow>,
): TableMapping['map'] {
  return async (row, context, notes) => {
    if (!row.id || !UUID.test(row.id)) return skip(row.id, 'identifiant absent ou illisible')
    try {
      return await map(row, context, notes)
    } catch (error) {
      return skip(row.id, `valeur illisible : ${(error as Error).message}`)
    }
  }
}

/** Setting keys holding an image of the original's storage. */
const IMAGE_SETTINGS = new Set(['site_title_image'])

const settingsMapping = tableMapping(
  'site_settings',
  'public.site_settings',
  siteSettings,
  async (row, context, _notes, id) => {
    const key = row.setting_key ?? ''
    if (!settingField(key)) return skip(id, `paramètre « ${key} » inconnu d’Encre`)
    const checked = IMAGE_SETTINGS.has(key)
      ? {
          ok: true as const,
          value: await context.images.import(row.setting_value, 'site', `site_settings ${key}`),
        }
      : checkSetting(key, row.setting_value ?? '')
    if (!checked.ok) return skip(id, `paramètre « ${key} » refusé : ${checked.message}`)
    return {
      id: id,
      values: {
        id: row.id,
        setting_key: key,
        setting_value: checked.value,
        setting_type: 'text',
        ...writtenAt(row, 'created_at', 'updated_at'),
      },
    }
  },
)

const pagesMapping = tableMapping(
  'pages_config',
  'public.pages_config',
  pagesConfig,
  async (row, context, _notes, id) => {
    const page = oneOf(row.page_name, PAGE_NAMES)
    if (!page) return skip(id, `page « ${row.page_name} » inconnue d’Encre`)
    return {
      id: id,
      values: {
        id: row.id,
        page_name: page,
        menu_name: text(row.menu_name),
        page_url: text(row.page_url),
        menu_order: int(row.menu_order, 0),
        show_in_menu: bool(row.show_in_menu, true),
        titre: text(row.titre),
        description: await richText(row.description, context, 'pages', `pages_config ${page}`),
        image_url: await context.images.import(row.image_url, 'pages', `pages_config ${page} image_url`),
        image_height: text(row.image_height),
        image_width: text(row.image_width),
        ...writtenAt(row, 'created_at', 'updated_at'),
      },
    }
  },
)

/** A category or a podcast season (a group with its cover image, shown in order). */
function groupMapping(name: string, source: SourceTable, table: PgTable, folder: string): TableMapping {
  return tableMapping(name, source, table, async (row, context, _notes, id) => {
    const nom = text(row.nom)
    if (!nom) return skip(id, 'nom absent')
    return {
      id,
      values: {
        id,
        nom,
        description: await richText(row.description, context, folder, `${name} ${id}`),
        image_url: await context.images.import(row.image_url, folder, `${name} ${id} image_url`),
        ...shownValues(row),
      },
    }
  })
}

const artworksMapping = tableMapping(
  'oeuvres',
  'public.oeuvres',
  oeuvres,
  async (row, context, notes, id) => {
    const nom = text(row.nom)
    if (!nom) return skip(id, 'nom absent')
    let categorie = text(row.categorie_id)
    if (categorie && !knownIds(context.data, 'public.categories').has(categorie)) {
      notes.push({ id, note: `catégorie ${categorie} supprimée : œuvre sans catégorie` })
      categorie = null
    }
    const statut = oneOf(row.statut, OEUVRE_STATUTS)
    if (!statut) notes.push({ id, note: `statut « ${row.statut} » inconnu : disponible` })
    // image1…image10 in order, gaps (NULL, '') and missing files closed up.
    const urls: string[] = []
    for (let index = 1; index <= 10; index++) {
      const column = `image${index}_url`
      const stored = await context.images.import(row[column], 'artworks', `oeuvres ${id} ${column}`)
      if (stored) urls.push(stored)
    }
    return {
      id,
      values: {
        id,
        nom,
        description: await richText(row.description, context, 'artworks', `oeuvres ${id}`),
        prix: price(row.prix),
        statut: statut ?? 'disponible',
        technique: text(row.technique),
        dimensions: text(row.dimensions),
        annee: row.annee ? int(row.annee, 0) || null : null,
        tags: tags(row.tags),
        categorie_id: categorie,
        ...shownValues(row),
        ...toImageColumns(urls),
      },
    }
  },
)

const articlesMapping = tableMapping(
  'articles',
  'public.articles',
  articles,
  async (row, context, notes, id) => {
    const titre = text(row.titre)
    const slug = text(row.slug)
    if (!titre || !slug) return skip(id, 'titre ou slug absent')
    const statut = oneOf(row.statut, ARTICLE_STATUTS)
    if (!statut) notes.push({ id, note: `statut « ${row.statut} » inconnu : brouillon` })
    const type = oneOf(row.type, ARTICLE_TYPES)
    if (row.type && !type) notes.push({ id, note: `type « ${row.type} » inconnu : article` })
    const auteur = text(row.auteur_id)
    return {
      id,
      values: {
        id,
        slug,
        titre,
        sous_titre: text(row.sous_titre),
        extrait: text(row.extrait),
        contenu: (await richText(row.contenu, context, 'articles', `articles ${slug}`)) ?? '',
        image_url: await context.images.import(row.image_url, 'articles', `articles ${slug} image_url`),
        tags: tags(row.tags),
        date_publication: instant(row.date_publication),
        nombre_vues: Math.max(0, int(row.nombre_vues, 0)),
        statut: statut ?? 'brouillon',
        affiche: bool(row.affiche, false),
        type: type ?? 'article',
        auteur_id: auteur && knownIds(context.data, 'auth.users').has(auteur) ? auteur : null,
        ...writtenAt(row),
      },
    }
  },
)

const eventsMapping = tableMapping(
  'evenements',
  'public.evenements',
  evenements,
  async (row, context, notes, id) => {
    const titre = text(row.titre)
    if (!titre) return skip(id, 'titre absent')
    let day = text(row.date_evenement)
    const year = row.annee ? int(row.annee, 0) : 0
    if (!day && year) day = `${year}-01-01`
    if (!day || !DAY.test(day)) return skip(id, 'date absente ou illisible')
    const type = oneOf(row.type, EVENEMENT_TYPES)
    if (!type) notes.push({ id, note: `type « ${row.type} » d’une ancienne version : autre` })
    return {
      id,
      values: {
        id,
        titre,
        description: await richText(row.description, context, 'evenements', `evenements ${id}`),
        image_url: await context.images.import(row.image_url, 'evenements', `evenements ${id} image_url`),
        date_evenement: day,
        annee: year || Number(day.slice(0, 4)),
        type: type ?? 'autre',
        affiche: bool(row.affiche, true),
        ...orderValues(row),
      },
    }
  },
)

/** Plain text kept as typed; with markup, cleaned like rich text (as the episode form does). */
function plainOrSanitized(value: string | null | undefined): string | null {
  const trimmed = text(value)
  if (!trimmed) return null
  return HAS_TAG.test(trimmed) ? sanitizeOptionalRichText(trimmed) : trimmed
}

const episodesMapping = tableMapping(
  'episodes_podcast',
  'public.episodes_podcast',
  episodesPodcast,
  async (row, context, notes, id) => {
    const titre = text(row.titre)
    if (!titre) return skip(id, 'titre absent')
    let saison = text(row.saison_id)
    if (saison && !knownIds(context.data, 'public.saisons_podcast').has(saison)) {
      notes.push({ id, note: `saison ${saison} supprimée : épisode sans saison` })
      saison = null
    }
    const day = text(row.date_publication)
    return {
      id,
      values: {
        id,
        saison_id: saison,
        titre,
        resume: plainOrSanitized(row.resume),
        description: await richText(row.description, context, 'episodes-podcast', `episodes_podcast ${id}`),
        transcription: plainOrSanitized(row.transcription),
        image_url: await context.images.import(
          row.image_url,
          'episodes-podcast',
          `episodes_podcast ${id} image_url`,
        ),
        // A day (the original's `date`) starts in the site's time zone, as the episode form stores it.
        date_publication: !day
          ? null
          : DAY.test(day)
            ? publicationDayStart(day, context.timeZone)
            : instant(day),
        duree: text(row.duree),
        // Stored as pasted, like the back-office: the public page renders it through the player
        // extraction (app/lib/podcast-player.server.ts), never as raw HTML.
        code_player_html: text(row.code_player_html),
        publie: bool(row.publie, false),
        ...orderValues(row),
      },
    }
  },
)

const photosMapping = tableMapping(
  'photos_atelier',
  'public.photos_atelier',
  photosAtelier,
  async (row, context, notes, id) => {
    const image = await context.images.import(row.image_url, 'atelier', `photos_atelier ${id} image_url`)
    if (!image) return skip(id, 'image introuvable (une photo d’atelier est une image)')
    const taille = oneOf(row.taille, PHOTO_TAILLES)
    if (!taille) notes.push({ id, note: `taille « ${row.taille} » inconnue : medium` })
    return {
      id,
      values: {
        id,
        nom: text(row.nom),
        description: text(row.description),
        image_url: image,
        taille: taille ?? 'medium',
        ...shownValues(row),
      },
    }
  },
)

const messagesMapping = tableMapping(
  'contact_messages',
  'public.contact_messages',
  contactMessages,
  async (row, _context, _notes, id) => {
    const nom = text(row.nom)
    const email = text(row.email)
    if (!nom || !email) return skip(id, 'nom ou e-mail absent')
    return {
      id,
      values: {
        id,
        nom,
        prenom: text(row.prenom),
        email,
        telephone: text(row.telephone),
        sujet: text(row.sujet) ?? '',
        message: row.message ?? '',
        lu: bool(row.lu, false),
        archive: bool(row.archive, false),
        cree_le: instant(row.cree_le) ?? undefined,
      },
    }
  },
)

/** The profile row (`profils`) of an account, by user id. */
const profileCache = new WeakMap<SourceData, Map<string, SourceRow>>()
function profileOf(data: SourceData, userId: string): SourceRow | undefined {
  let profiles = profileCache.get(data)
  if (!profiles) {
    profiles = new Map((data.tables.get('public.profils') ?? []).map((row) => [row.user_id ?? '', row]))
    profileCache.set(data, profiles)
  }
  return profiles.get(userId)
}

function metadataName(row: SourceRow): string | null {
  try {
    const meta = JSON.parse(row.raw_user_meta_data ?? '{}') as Record<string, unknown>
    const name = meta.full_name ?? meta.name
    return typeof name === 'string' ? text(name) : null
  } catch {
    return null
  }
}

const usersMapping = tableMapping(
  'user',
  'auth.users',
  user,
  async (row, context, notes, id) => {
    const email = text(row.email)?.toLowerCase()
    if (!email) return skip(id, 'compte sans e-mail')
    if (text(row.deleted_at)) return skip(id, 'compte supprimé')
    const profile = profileOf(context.data, id)
    if (!profile) notes.push({ id, note: 'pas de profil : simple utilisateur' })
    const nom = text(profile?.nom)
    const prenom = text(profile?.prenom)
    if (!text(row.encrypted_password))
      notes.push({ id, note: 'sans mot de passe : il faudra le réinitialiser' })
    return {
      id,
      values: {
        id,
        email,
        name: [prenom, nom].filter(Boolean).join(' ') || metadataName(row) || email,
        nom,
        prenom,
        role: profile?.role === 'admin' ? 'admin' : 'user',
        emailVerified: Boolean(text(row.email_confirmed_at)),
        createdAt: instant(profile?.cree_le ?? row.created_at) ?? undefined,
        derniereConnexion: instant(row.last_sign_in_at),
      },
    }
  },
  // The original's bcrypt hash, verified on the first sign-in and then replaced (decision 036).
  {
    table: account,
    values: (row) => {
      const hash = text(row.encrypted_password)
      if (!hash) return null
      return { id: row.id, accountId: row.id, providerId: 'credential', userId: row.id, password: hash }
    },
  },
)

/** The best e-mail-validated bid of each auction of the source, in euros ('1395.00'). */
const bestBidCache = new WeakMap<SourceData, Map<string, number>>()
function bestValidatedBid(data: SourceData, enchereId: string): number | undefined {
  let best = bestBidCache.get(data)
  if (!best) {
    best = new Map()
    for (const bid of data.tables.get('public.mises') ?? []) {
      if (!bool(bid.email_valide, false) || !bid.montant || !DECIMAL.test(bid.montant)) continue
      const amount = Number(bid.montant)
      const key = bid.enchere_id ?? ''
      if (amount > (best.get(key) ?? 0)) best.set(key, amount)
    }
    bestBidCache.set(data, best)
  }
  return best.get(enchereId)
}

const auctionsMapping = tableMapping(
  'encheres',
  'public.encheres',
  encheres,
  async (row, context, notes, id) => {
    const nom = text(row.nom)
    const lien = text(row.lien_prive)
    const depart = price(row.prix_depart)
    if (!nom || !lien || !depart) return skip(id, 'nom, lien privé ou prix de départ absent')
    const reserve = price(row.prix_reserve)
    let statut = oneOf(row.statut, ENCHERE_STATUTS)
    const best = bestValidatedBid(context.data, id)
    if (!statut) {
      notes.push({ id, note: `statut « ${row.statut} » inconnu : annulée` })
      statut = 'annulee'
    }
    // The price the original shows: its best validated bid (the starting price without one).
    const actuel = Math.max(Number(depart), best ?? 0).toFixed(2)
    if (row.prix_actuel && price(row.prix_actuel) !== actuel) {
      notes.push({
        id,
        note: `prix actuel ${row.prix_actuel} recalculé : ${actuel} (meilleure mise validée)`,
      })
    }
    let oeuvre = text(row.oeuvre_id)
    if (oeuvre && !knownIds(context.data, 'public.oeuvres').has(oeuvre)) oeuvre = null
    return {
      id,
      values: {
        id,
        oeuvre_id: oeuvre,
        nom,
        description: await richText(row.description, context, 'artworks', `encheres ${id}`),
        prix_depart: depart,
        prix_reserve: reserve,
        prix_actuel: actuel,
        date_debut: instant(row.date_debut),
        date_fin: instant(row.date_fin),
        statut,
        lien_prive: lien,
        ...writtenAt(row),
      },
    }
  },
)

const bidsMapping = tableMapping('mises', 'public.mises', mises, async (row, context, _notes, id) => {
  const enchere = text(row.enchere_id)
  if (!enchere || !knownIds(context.data, 'public.encheres').has(enchere)) return skip(id, 'enchère absente')
  const montant = price(row.montant)
  const email = text(row.participant_email)?.toLowerCase()
  if (!montant || Number(montant) <= 0 || !email) return skip(id, 'montant ou e-mail absent')
  return {
    id,
    values: {
      id,
      enchere_id: enchere,
      // One bidder, one address: the original kept the case as typed, Encre compares in lower case.
      participant_email: email,
      participant_nom: text(row.participant_nom) ?? '',
      participant_prenom: text(row.participant_prenom) ?? '',
      montant,
      email_valide: bool(row.email_valide, false),
      cree_le: instant(row.cree_le) ?? undefined,
    },
  }
})

const validationsMapping = tableMapping(
  'validations_email',
  'public.validations_email',
  validationsEmail,
  async (row, context, _notes, id) => {
    const enchere = text(row.enchere_id)
    if (enchere && !knownIds(context.data, 'public.encheres').has(enchere)) return skip(id, 'enchère absente')
    const token = text(row.token)
    const email = text(row.email)?.toLowerCase()
    if (!token || !email) return skip(id, 'jeton ou e-mail absent')
    const created = instant(row.cree_le)
    const valide = bool(row.valide, false)
    return {
      id,
      values: {
        id,
        email,
        // Stored hashed like Encre's own tokens (decision 001): an old link still finds its row.
        token: hashValidationToken(token),
        enchere_id: enchere,
        valide,
        expire_le: instant(row.expire_le) ?? (created ? sql`${created} + interval '24 hours'` : sql`now()`),
        utilise_le: valide ? instant(row.valide_le) : null,
        cree_le: created ?? undefined,
      },
    }
  },
)

/**
 * Every table of the spec in the order rows are written (a row's links exist before it): settings,
 * pages, categories, artworks, articles, timeline, podcasts, studio, messages, accounts, auctions,
 * bids, validations (issue #33 §2).
 */
export const TABLE_MAPPINGS: readonly TableMapping[] = [
  settingsMapping,
  pagesMapping,
  groupMapping('categories', 'public.categories', categories, 'categories'),
  artworksMapping,
  articlesMapping,
  eventsMapping,
  groupMapping('saisons_podcast', 'public.saisons_podcast', saisonsPodcast, 'saisons-podcast'),
  episodesMapping,
  photosMapping,
  messagesMapping,
  usersMapping,
  auctionsMapping,
  bidsMapping,
  validationsMapping,
]

export { isSkipped }
