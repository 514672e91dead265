import { z } from 'zod'
import { ALLOWED_FONTS, DEFAULT_SITE_SUBTITLE, DEFAULT_SITE_TITLE } from '#app/lib/appearance'
import {
  ARTIST_BID_EMAILS_DEFAULT,
  ARTIST_BID_EMAILS_OPTIONS,
  ARTIST_BID_EMAILS_SETTING_KEY,
} from '#app/lib/artist-bid-emails'
import {
  BID_INCREMENTS_FORMAT,
  BID_INCREMENTS_SETTING_KEY,
  DEFAULT_BID_INCREMENTS,
  formatBidIncrements,
  parseBidIncrements,
} from '#app/lib/auction-rules'
import { MAX_PAGE_SIZE, PAGE_SIZE_SETTINGS, parsePageSize } from '#app/lib/page-sizes'
import { IMAGE_URL_PATTERN } from './form-fields'
import { CSS_SIZE_MESSAGE, CSS_SIZE_PATTERN } from './page-schema'

/** The setting that makes a second factor required for administrators (issue #37 §3): 'oui' or 'non' (default). */
export const TWO_FACTOR_REQUIRED_SETTING_KEY = 'double_authentification_admin'

/** Refusal of a title image that is not an uploaded file. */
export const INVALID_IMAGE_ADDRESS = "Adresse d'image invalide."

/** How a setting is entered and checked. */
export type SettingKind =
  | 'title-type'
  | 'text'
  | 'textarea'
  | 'image'
  | 'size'
  | 'font'
  | 'color'
  | 'url'
  | 'minutes'
  | 'increments'
  | 'page-size'
  | 'choice'
  | 'yes-no'

/** One editable site setting (back-office spec §3 "Site setting"). */
export type SettingField = {
  key: string
  label: string
  kind: SettingKind
  /** What the public site uses when the setting is empty (public spec §3 defaults). */
  fallback?: string
  /** Characters allowed for text settings. */
  max?: number
  help?: string
  /** The values a 'choice' setting takes, with their labels, in order. */
  options?: ReadonlyArray<{ value: string; label: string }>
}

export type SettingSection = { id: string; title: string; fields: SettingField[] }

/**
 * The title image's width and height settings for one screen size (back-office spec §9).
 *
 * @param device - 'ordinateur' (keys without suffix) or 'mobile' (keys ending in '_mobile').
 * @param width - the width's default CSS size.
 * @param height - the height's default CSS size.
 * @returns the width field, then the height field.
 */
function titleImageSizes(device: 'ordinateur' | 'mobile', width: string, height: string): SettingField[] {
  const suffix = device === 'mobile' ? '_mobile' : ''
  return [
    {
      key: `site_title_image_width${suffix}`,
      label: `Largeur de l'image (${device})`,
      kind: 'size',
      fallback: width,
    },
    {
      key: `site_title_image_height${suffix}`,
      label: `Hauteur de l'image (${device})`,
      kind: 'size',
      fallback: height,
    },
  ]
}

/**
 * Every site setting of back-office spec §3, grouped as the screen shows them. Defaults are the
 * public spec's (app/lib/appearance.ts), title image sizes per back-office spec §9.
 */
export const SETTING_SECTIONS: SettingSection[] = [
  {
    id: 'titre',
    title: 'En-tête du site',
    fields: [
      { key: 'site_title_type', label: 'Type de titre', kind: 'title-type', fallback: 'text' },
      { key: 'site_title', label: 'Titre du site', kind: 'text', max: 100, fallback: DEFAULT_SITE_TITLE },
      {
        key: 'site_subtitle',
        label: 'Sous-titre',
        kind: 'text',
        max: 200,
        fallback: DEFAULT_SITE_SUBTITLE,
      },
      { key: 'site_title_image', label: 'Image du titre', kind: 'image' },
      ...titleImageSizes('ordinateur', '200px', '80px'),
      ...titleImageSizes('mobile', '150px', '50px'),
    ],
  },
  {
    id: 'typographie',
    title: 'Typographie',
    fields: [
      { key: 'title_font', label: 'Police des titres', kind: 'font', fallback: 'Inter' },
      { key: 'title_font_size', label: 'Taille des titres', kind: 'size', fallback: '2rem' },
      { key: 'text_font', label: 'Police du texte', kind: 'font', fallback: 'Inter' },
      { key: 'text_font_size', label: 'Taille du texte', kind: 'size', fallback: '1rem' },
    ],
  },
  {
    id: 'boutons',
    title: 'Boutons',
    fields: [
      { key: 'button_color', label: 'Couleur des boutons', kind: 'color', fallback: '#0ea5e9' },
      { key: 'button_font', label: 'Police des boutons', kind: 'font', fallback: 'Inter' },
      { key: 'button_font_size', label: 'Taille du texte des boutons', kind: 'size', fallback: '0.875rem' },
      { key: 'button_radius', label: 'Arrondi des boutons', kind: 'size', fallback: '0.375rem' },
    ],
  },
  {
    id: 'couleurs',
    title: 'Couleurs',
    fields: [
      { key: 'page_bg_color', label: 'Fond des pages', kind: 'color', fallback: '#ffffff' },
      { key: 'footer_bg_color', label: 'Fond du pied de page', kind: 'color', fallback: '#1f2937' },
    ],
  },
  {
    id: 'pied-de-page',
    title: 'Pied de page',
    fields: [
      {
        key: 'copyright_text',
        label: 'Texte de copyright',
        kind: 'text',
        max: 300,
        help: 'Vide : « © {année} {titre du site}. Tous droits réservés. »',
      },
    ],
  },
  {
    id: 'a-la-une',
    title: 'Section « À la une »',
    fields: [
      { key: 'alaunne_titre', label: 'Titre de la section', kind: 'text', max: 200, fallback: 'À la une' },
      { key: 'alaunne_description', label: 'Description de la section', kind: 'textarea', max: 1000 },
    ],
  },
  {
    id: 'encheres',
    title: 'Enchères',
    fields: [
      {
        key: 'enchere_prolongation_minutes',
        label: 'Prolongation en fin d’enchère (minutes)',
        kind: 'minutes',
        fallback: '2',
        help: 'Une mise acceptée dans les dernières minutes repousse la fin d’autant (30 minutes au plus après la fin prévue). 0 désactive la prolongation.',
      },
      {
        key: BID_INCREMENTS_SETTING_KEY,
        label: 'Paliers d’enchère (€)',
        kind: 'increments',
        fallback: formatBidIncrements(DEFAULT_BID_INCREMENTS),
        max: 300,
        help: `Une mise doit dépasser le prix actuel d’au moins le pas de son palier. Format : ${BID_INCREMENTS_FORMAT} — 1 € sous 50 €, 5 € sous 500 €, 10 € sous 1 000 €, 50 € au-delà. Vide : ce barème.`,
      },
      {
        key: ARTIST_BID_EMAILS_SETTING_KEY,
        label: 'E-mails des mises pour l’artiste',
        kind: 'choice',
        fallback: ARTIST_BID_EMAILS_DEFAULT,
        options: ARTIST_BID_EMAILS_OPTIONS,
        help: 'Un e-mail à chaque mise (enchères automatiques comprises), un résumé par heure des mises de l’enchère en cours, ou rien avant l’e-mail de fin d’enchère, qui part toujours.',
      },
    ],
  },
  {
    id: 'pagination',
    title: 'Pagination des pages publiques',
    fields: Object.values(PAGE_SIZE_SETTINGS).map((setting) => ({
      key: setting.key,
      label: setting.label,
      kind: 'page-size' as const,
      fallback: String(setting.fallback),
    })),
  },
  {
    id: 'securite',
    title: 'Sécurité',
    fields: [
      {
        key: TWO_FACTOR_REQUIRED_SETTING_KEY,
        label: 'Double authentification obligatoire pour les administrateurs',
        kind: 'yes-no',
        fallback: 'non',
        help: 'Oui : un administrateur connecté sans double authentification (ni clé d’accès) est conduit à « Mon compte » pour l’activer avant d’utiliser le reste de l’administration.',
      },
    ],
  },
  {
    id: 'reseaux',
    title: 'Réseaux sociaux',
    fields: [
      { key: 'facebook_url', label: 'Facebook', kind: 'url' },
      { key: 'instagram_url', label: 'Instagram', kind: 'url' },
      { key: 'twitter_url', label: 'Twitter', kind: 'url' },
      { key: 'linkedin_url', label: 'LinkedIn', kind: 'url' },
    ],
  },
]

const FIELDS: ReadonlyMap<string, SettingField> = new Map(
  SETTING_SECTIONS.flatMap((section) => section.fields.map((field) => [field.key, field] as const)),
)

/** The editable setting of that key, or undefined for any other key. */
export function settingField(key: string): SettingField | undefined {
  return FIELDS.get(key)
}

/** A hex colour: #rgb or #rrggbb. */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** The result of checking one setting: the value to store (null clears it) or a French message. */
export type SettingCheck = { ok: true; value: string | null } | { ok: false; message: string }

/** An empty value clears the setting (the public site then uses its default). */
const orClear = (schema: z.ZodType<string>) =>
  z.string().transform((value, ctx): string | null => {
    if (value === '') return null
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message })
    return z.NEVER
  })

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
  } catch {
    return false
  }
}

/** The value's schema of each kind of setting (back-office spec §3, §9): trimmed text in, value out. */
const VALUE_SCHEMAS: Record<SettingKind, (field: SettingField) => z.ZodType<string | null, string>> = {
  'title-type': () => z.enum(['text', 'image'], 'Le type de titre doit être « texte » ou « image ».'),
  font: () => z.enum(ALLOWED_FONTS, 'Police non disponible : choisissez une des 15 polices proposées.'),
  color: () =>
    orClear(
      z
        .string()
        .regex(HEX_COLOR_PATTERN, 'Couleur invalide : utilisez le format hexadécimal (ex. #9f2a1d).')
        .transform((value) => value.toLowerCase()),
    ),
  size: () => orClear(z.string().regex(CSS_SIZE_PATTERN, CSS_SIZE_MESSAGE)),
  url: () =>
    orClear(
      z
        .string()
        .refine(
          isWebAddress,
          'Adresse invalide : elle doit commencer par http:// ou https:// (ex. https://www.instagram.com/…).',
        ),
    ),
  minutes: () =>
    orClear(
      z
        .string()
        .refine(
          (value) => /^\d{1,2}$/.test(value) && Number(value) <= 60,
          'Durée invalide : un nombre entier de minutes entre 0 et 60.',
        )
        .transform((value) => String(Number(value))),
    ),
  'page-size': () =>
    orClear(
      z
        .string()
        .refine(
          (value) => parsePageSize(value) !== null,
          `Nombre invalide : un nombre entier d’éléments par page entre 1 et ${MAX_PAGE_SIZE}.`,
        )
        .transform((value) => String(Number(value))),
    ),
  'yes-no': () => orClear(z.enum(['oui', 'non'], 'Valeur invalide : « oui » ou « non ».')),
  increments: () =>
    orClear(
      z.string().transform((value, ctx) => {
        const parsed = parseBidIncrements(value)
        if (parsed.ok) return formatBidIncrements(parsed.steps)
        ctx.addIssue({ code: 'custom', message: parsed.message })
        return z.NEVER
      }),
    ),
  choice: (field) =>
    orClear(
      z
        .string()
        .refine(
          (value) => (field.options ?? []).some((option) => option.value === value),
          'Choix invalide : choisissez une des options proposées.',
        ),
    ),
  // The server also checks that an http(s) address is a file of its bucket (saveSiteSetting).
  image: () => orClear(z.string().regex(IMAGE_URL_PATTERN, INVALID_IMAGE_ADDRESS)),
  text: (field) => textValue(field.max ?? 1000),
  textarea: (field) => textValue(field.max ?? 1000),
}

function textValue(max: number) {
  return z
    .string()
    .max(max, `Texte trop long (${max} caractères maximum).`)
    .transform((value) => (value === '' ? null : value))
}

/**
 * Checks the value posted for one setting (back-office spec §3, §9; issue #3 §3 "Site settings")
 * with its kind's Zod schema: title type text or image, fonts among the 15 allowed, colours in hex,
 * sizes in CSS units, social links http(s) only, title image an uploaded file, texts within their
 * length. An empty value clears the setting (the public site then uses its default), except the
 * title type and fonts.
 *
 * @param key - setting_key, e.g. 'button_color'.
 * @param raw - the posted text.
 * @returns the normalised value to store, or the French refusal.
 */
export function checkSetting(key: string, raw: string): SettingCheck {
  const field = settingField(key)
  if (!field) return { ok: false, message: 'Paramètre inconnu.' }
  const parsed = VALUE_SCHEMAS[field.kind](field).safeParse(raw.trim())
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Valeur invalide.' }
}

/**
 * The `save` intent's form: `key` (an editable setting) and its `value`; a refusal is reported on
 * the setting's own field (its key), so the screen shows it beside that setting.
 */
export const settingFormSchema = z
  .object({ key: z.string().default(''), value: z.string().default('') })
  .transform((input, ctx) => {
    const checked = checkSetting(input.key, input.value)
    if (checked.ok) return { key: input.key, value: checked.value }
    ctx.addIssue({ code: 'custom', path: [input.key || 'key'], message: checked.message })
    return z.NEVER
  })

/** A valid setting to store: its key and value (null clears it). */
export type SettingInput = z.output<typeof settingFormSchema>
