import { DATE_SORT, type ListParams, parseListParams } from '#app/lib/admin/list-params'

/**
 * The back-office's audit log (issue #37 §3): what each screen writes, and how /admin/journal is
 * filtered. Shared by the action path that records it and the screen that reads it.
 */

/** The table each back-office screen writes (its path under /admin) and its French label. */
export const AUDIT_ENTITIES: Readonly<Record<string, { table: string; label: string }>> = {
  categories: { table: 'categories', label: 'Catégories' },
  artworks: { table: 'oeuvres', label: 'Œuvres' },
  articles: { table: 'articles', label: 'Articles' },
  pages: { table: 'pages_config', label: 'Pages' },
  settings: { table: 'site_settings', label: 'Paramètres du site' },
  messages: { table: 'contact_messages', label: 'Messages de contact' },
  users: { table: 'user', label: 'Utilisateurs' },
  evenements: { table: 'evenements', label: 'Événements' },
  'saisons-podcast': { table: 'saisons_podcast', label: 'Saisons de podcast' },
  'episodes-podcast': { table: 'episodes_podcast', label: 'Épisodes de podcast' },
  'photos-atelier': { table: 'photos_atelier', label: 'Photos de l’atelier' },
  encheres: { table: 'encheres', label: 'Enchères' },
  upload: { table: 'medias', label: 'Images' },
  profil: { table: 'session', label: 'Sécurité du compte' },
}

/** The tables of {@link AUDIT_ENTITIES}, each once, with their label: the screen's entity filter. */
export const AUDIT_ENTITY_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  ...new Map(
    Object.values(AUDIT_ENTITIES).map(({ table, label }) => [table, { value: table, label }]),
  ).values(),
]

/**
 * The table a back-office address writes: its first segment after /admin
 * (`/admin/articles/x/versions` → 'articles'), or that segment itself when no screen declares it.
 *
 * @param pathname - the action's path, e.g. '/admin/artworks'.
 * @returns e.g. 'oeuvres'.
 */
export function auditEntityOf(pathname: string): string {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? ''
  return AUDIT_ENTITIES[segment]?.table ?? segment
}

/** The label of an entity of the log, e.g. 'oeuvres' → 'Œuvres' (an unknown one as it is). */
export function auditEntityLabel(table: string): string {
  return AUDIT_ENTITY_OPTIONS.find((option) => option.value === table)?.label ?? table
}

/** French words for the intents the log shows most; others are shown as they are. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  'set-visibility': 'Visibilité',
  save: 'Enregistrement',
  reorder: 'Ordre',
  upload: 'Envoi d’image',
  bulk: 'Action groupée',
  'set-read': 'Lu / non lu',
  archive: 'Archivage',
  'restore-revision': 'Version restaurée',
  'save-page': 'Page enregistrée',
  'add-many': 'Ajout de photos',
  move: 'Déplacement',
  end: 'Fin d’enchère',
  'revoke-session': 'Appareil déconnecté',
  'revoke-other-sessions': 'Déconnexion partout',
  'start-two-factor': 'Double authentification demandée',
  'confirm-two-factor': 'Double authentification activée',
  'renew-recovery-codes': 'Nouveaux codes de secours',
  'disable-two-factor': 'Double authentification désactivée',
  'add-passkey': 'Clé d’accès ajoutée',
  'delete-passkey': 'Clé d’accès supprimée',
}

/** The label of an intent, e.g. 'update' → 'Modification'. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action
}

/** The log's one order: newest first. */
export const AUDIT_SORTS = [DATE_SORT] as const

/** Entries per page of /admin/journal. */
export const AUDIT_PAGE_SIZE = 30

/** How long an entry is kept, in days (issue #37 §3: one year). */
export const AUDIT_RETENTION_DAYS = 365

/**
 * What /admin/journal's address asks for: `?auteur=` (account id), `?entite=`, `?du=`, `?au=`
 * (YYYY-MM-DD), `?q=` (a row's id or a setting's key, exactly), and the page.
 */
export type AuditFilters = {
  page: number
  /** A row's id or a setting's key ('' for any). */
  q: string
  auteur: string | null
  entite: string | null
  /** First day shown, 'YYYY-MM-DD' in the site's time zone. */
  du: string | null
  /** Last day shown, 'YYYY-MM-DD' in the site's time zone. */
  au: string | null
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/**
 * Reads /admin/journal's filters. Never throws: a value that is not well formed (an author that is
 * no id, an unknown entity, a day that is no date) is ignored and reported in `ignored`.
 *
 * @param searchParams - the request's query.
 * @returns the filters, and whether one was ignored (the screen answers 400 and says so).
 */
export function parseAuditFilters(searchParams: URLSearchParams): {
  filters: AuditFilters
  ignored: boolean
} {
  const { page, q }: ListParams<'date'> = parseListParams(searchParams, AUDIT_SORTS)
  let ignored = false
  const read = (name: string, valid: (value: string) => boolean): string | null => {
    const value = searchParams.get(name)
    if (value === null || value === '') return null
    if (valid(value)) return value
    ignored = true
    return null
  }
  const filters: AuditFilters = {
    page,
    q,
    auteur: read('auteur', (value) => value.length <= 64 && /^[\w-]+$/.test(value)),
    entite: read('entite', (value) => AUDIT_ENTITY_OPTIONS.some((option) => option.value === value)),
    du: read('du', (value) => DAY.test(value)),
    au: read('au', (value) => DAY.test(value)),
  }
  return { filters, ignored }
}
