import { inkOnWhite, readableTextOn } from '#app/lib/colour-contrast'

/** The 15 fonts the artist may choose (back-office spec §9). */
export const ALLOWED_FONTS = [
  'Inter',
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Poppins',
  'Source Sans Pro',
  'Oswald',
  'Raleway',
  'Ubuntu',
  'Playfair Display',
  'Merriweather',
  'Lora',
  'Crimson Text',
  'PT Serif',
] as const
export type AllowedFont = (typeof ALLOWED_FONTS)[number]

const SERIF_FONTS: ReadonlySet<string> = new Set([
  'Playfair Display',
  'Merriweather',
  'Lora',
  'Crimson Text',
  'PT Serif',
])

/** The artist's name and tagline: fallbacks for the title and subtitle (public spec §3). */
export const DEFAULT_SITE_TITLE = 'Encre'
export const DEFAULT_SITE_SUBTITLE = 'Calligraphies symboliques'

/** Site settings as read from site_settings: key → value (public spec §3). */
export type SiteSettings = Record<string, string>

/** Appearance resolved from the settings with the spec's defaults (public spec §3 "Defaults for appearance"). */
export type Appearance = {
  siteTitle: string
  siteSubtitle: string
  titleType: 'text' | 'image'
  titleImage: string | null
  titleImageWidth: string
  titleImageHeight: string
  titleImageWidthMobile: string
  titleImageHeightMobile: string
  titleFont: AllowedFont
  textFont: AllowedFont
  buttonFont: AllowedFont
  titleFontSize: string
  textFontSize: string
  buttonColor: string
  buttonRadius: string
  buttonFontSize: string
  footerBgColor: string
  pageBgColor: string
  copyrightText: string | null
  social: { label: 'Facebook' | 'Instagram' | 'Twitter' | 'LinkedIn'; url: string }[]
}

const CSS_SIZE = /^(?:\d+(?:\.\d+)?)(?:px|rem|em|vh|vw|%)$/
const CSS_COLOR = /^(?:#[0-9a-f]{3,8}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%]+\)|[a-z]{3,20})$/i

function pick(settings: SiteSettings, key: string): string | undefined {
  const value = settings[key]?.trim()
  return value ? value : undefined
}

/** A CSS length from settings, or the fallback when it is not a plain length (keeps the style sheet safe). */
function size(settings: SiteSettings, key: string, fallback: string): string {
  const value = pick(settings, key)
  if (!value) return fallback
  if (/^\d+(?:\.\d+)?$/.test(value)) return `${value}px`
  return CSS_SIZE.test(value) ? value : fallback
}

function color(settings: SiteSettings, key: string, fallback: string): string {
  const value = pick(settings, key)
  return value && CSS_COLOR.test(value) ? value : fallback
}

function font(settings: SiteSettings, key: string): AllowedFont {
  const value = pick(settings, key)
  return (ALLOWED_FONTS as readonly string[]).includes(value ?? '') ? (value as AllowedFont) : 'Inter'
}

function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  return /^https?:\/\//i.test(value) || value.startsWith('/') ? value : undefined
}

/**
 * Applies the spec's defaults to the site settings. Values that are not valid CSS (sizes, colours)
 * or not an allowed font fall back to the default, so a setting can never break the style sheet.
 */
export function resolveAppearance(settings: SiteSettings): Appearance {
  const social: Appearance['social'] = []
  for (const [key, label] of [
    ['facebook_url', 'Facebook'],
    ['instagram_url', 'Instagram'],
    ['twitter_url', 'Twitter'],
    ['linkedin_url', 'LinkedIn'],
  ] as const) {
    const url = safeUrl(pick(settings, key))
    if (url) social.push({ label, url })
  }
  return {
    siteTitle: pick(settings, 'site_title') ?? DEFAULT_SITE_TITLE,
    siteSubtitle: pick(settings, 'site_subtitle') ?? DEFAULT_SITE_SUBTITLE,
    titleType:
      pick(settings, 'site_title_type') === 'image' && pick(settings, 'site_title_image') ? 'image' : 'text',
    titleImage: safeUrl(pick(settings, 'site_title_image')) ?? null,
    titleImageWidth: size(settings, 'site_title_image_width', '200px'),
    titleImageHeight: size(settings, 'site_title_image_height', '80px'),
    titleImageWidthMobile: size(settings, 'site_title_image_width_mobile', '150px'),
    titleImageHeightMobile: size(settings, 'site_title_image_height_mobile', '50px'),
    titleFont: font(settings, 'title_font'),
    textFont: font(settings, 'text_font'),
    buttonFont: font(settings, 'button_font'),
    titleFontSize: size(settings, 'title_font_size', '2rem'),
    textFontSize: size(settings, 'text_font_size', '1rem'),
    buttonColor: color(settings, 'button_color', '#0ea5e9'),
    buttonRadius: size(settings, 'button_radius', '0.375rem'),
    buttonFontSize: size(settings, 'button_font_size', '0.875rem'),
    footerBgColor: color(settings, 'footer_bg_color', '#1f2937'),
    pageBgColor: color(settings, 'page_bg_color', '#ffffff'),
    copyrightText: pick(settings, 'copyright_text') ?? null,
    social,
  }
}

/** Whether a font is a serif (its fallback is then Georgia or Times, else a sans-serif). */
export function isSerifFont(name: AllowedFont): boolean {
  return SERIF_FONTS.has(name)
}

/**
 * A font's CSS stack: the font itself (when `withWebFont`), then its fallback face — a local font
 * scaled to its metrics, declared by `fontFaceCss` (app/lib/fonts.ts) so that the swap moves
 * nothing —, then a generic family.
 */
function fontStack(name: AllowedFont, withWebFont: boolean): string {
  const rest = `'${name} Fallback', ${isSerifFont(name) ? 'Georgia, serif' : 'system-ui, sans-serif'}`
  return withWebFont ? `'${name}', ${rest}` : rest
}

/**
 * The CSS custom properties rendered on <html> by the server, so there is no flash of default
 * style. Each font comes twice: `--font-title` with the web font, `--font-title-fallback` without;
 * app.css shows the second until `<html>` has the class `polices` (decision 010: the web fonts
 * load after the first paint).
 */
export function appearanceCssVariables(appearance: Appearance): Record<string, string> {
  return {
    '--font-title': fontStack(appearance.titleFont, true),
    '--font-text': fontStack(appearance.textFont, true),
    '--font-button': fontStack(appearance.buttonFont, true),
    '--font-title-fallback': fontStack(appearance.titleFont, false),
    '--font-text-fallback': fontStack(appearance.textFont, false),
    '--font-button-fallback': fontStack(appearance.buttonFont, false),
    '--title-size': appearance.titleFontSize,
    '--text-size': appearance.textFontSize,
    '--button-color': appearance.buttonColor,
    // What is written on a button, and the colour as text on white (issue #36: readable whatever
    // the artist chose, the spec's default sky blue included).
    '--button-text': readableTextOn(appearance.buttonColor),
    '--button-ink': inkOnWhite(appearance.buttonColor),
    '--button-radius': appearance.buttonRadius,
    '--button-size': appearance.buttonFontSize,
    '--footer-bg': appearance.footerBgColor,
    '--page-bg': appearance.pageBgColor,
    '--title-image-w': appearance.titleImageWidth,
    '--title-image-h': appearance.titleImageHeight,
    '--title-image-w-mobile': appearance.titleImageWidthMobile,
    '--title-image-h-mobile': appearance.titleImageHeightMobile,
  }
}

/** The distinct fonts the page uses: only these font files are linked. */
export function fontsInUse(appearance: Appearance): AllowedFont[] {
  return [...new Set([appearance.titleFont, appearance.textFont, appearance.buttonFont])]
}

/** Default copyright line: "© {year} {title}. Tous droits réservés." (public spec §3). */
export function copyrightLine(appearance: Appearance, year: number): string {
  return appearance.copyrightText ?? `© ${year} ${appearance.siteTitle}. Tous droits réservés.`
}
