import { z } from 'zod'
import type { PageName } from '#app/lib/pages'
import { checkbox, optionalImageUrl, optionalText, withBlanks } from './form-fields'

/** Names of the pages as the configuration screen shows them (back-office spec §2 "Page configuration"). */
export const PAGE_LABELS: Record<PageName, string> = {
  accueil: "Page d'accueil",
  categories: 'Portfolio',
  blog: 'Actualités',
  parcours: 'Parcours',
  contact: 'Contact',
  'mentions-legales': 'Mentions légales',
  podcasts: 'Podcasts',
  atelier: 'Atelier',
}

/** A CSS size as the banners accept it (back-office spec §5): a number and px, vh, vw, rem or %. */
export const CSS_SIZE_PATTERN = /^\d+(?:\.\d+)?(?:px|vh|vw|rem|%)$/

/** The French message of a refused CSS size. */
export const CSS_SIZE_MESSAGE =
  'Taille invalide : un nombre suivi de px, vh, vw, rem ou % (ex. 300px, 50vh, 100%).'

/** An optional CSS size: '' → null, else {@link CSS_SIZE_PATTERN} (spaces removed around it). */
export const optionalCssSize = z
  .string()
  .trim()
  .refine((value) => value === '' || CSS_SIZE_PATTERN.test(value), { message: CSS_SIZE_MESSAGE })
  .transform((value) => (value === '' ? null : value))

/**
 * The address of a menu entry: a path on the site ('/contact') or an http(s) address. Other
 * schemes (javascript:, data:…) are refused, since the header renders it as a link.
 */
export const optionalPageUrl = z
  .string()
  .trim()
  .max(300, "L'adresse est trop longue")
  .refine((value) => value === '' || /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value), {
    message: "L'adresse doit commencer par / (ex. /contact) ou par http:// ou https://.",
  })
  .transform((value) => (value === '' ? null : value))

/**
 * The page configuration form (back-office spec §3 "Page config", §5: menu_order an integer with 0
 * as fallback, image sizes in CSS units). `description` is HTML, sanitized by the server.
 */
const pageConfigFields = z.object({
  id: z.uuid('Page inconnue'),
  titre: optionalText(200, 'Le titre est trop long (200 caractères maximum)'),
  description: z.string(),
  image_url: optionalImageUrl,
  image_height: optionalCssSize,
  image_width: optionalCssSize,
  menu_name: optionalText(60, 'Le nom dans le menu est trop long (60 caractères maximum)'),
  show_in_menu: checkbox,
  menu_order: z.preprocess(integerOrZero, z.number().int()),
  page_url: optionalPageUrl,
})

/** The page configuration form as posted (a text field not sent reads as empty). */
export const pageConfigFormSchema = withBlanks(pageConfigFields, ['show_in_menu'])

export type PageConfigFormInput = z.output<typeof pageConfigFormSchema>

/** The spec's integer fallback: a whole number, else 0 ('abc', '', '1.5' → 0; bounded to ±1 000 000). */
export function integerOrZero(value: unknown): number {
  if (typeof value !== 'string' || !/^\s*-?\d{1,7}\s*$/.test(value)) return 0
  return Number.parseInt(value, 10)
}
