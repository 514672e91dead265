import { getSiteSettings } from '#app/services/settings/get-site-settings.server'

/** The timeline's default marker colour (public spec §9) — not the site-wide button default #0ea5e9. */
export const DEFAULT_MARKER_COLOR = '#000000'

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const FUNCTIONAL = /^(?:rgba?|hsla?)\(\s*[\d.]+%?(?:\s*[,\s/]\s*[\d.]+%?){2,3}\s*\)$/i
const NAMED = /^[a-z]{3,20}$/i

/**
 * Whether a setting value is a plain CSS colour: hex (#rgb, #rgba, #rrggbb, #rrggbbaa),
 * rgb()/rgba()/hsl()/hsla() with numbers, or a colour keyword. Anything else (`url(...)`,
 * `red; background: …`, `var(--x)`) is refused so a setting cannot inject CSS.
 */
export function isCssColor(value: string): boolean {
  return HEX.test(value) || FUNCTIONAL.test(value) || NAMED.test(value)
}

/**
 * The /parcours timeline marker colour: the button_color setting when it is a valid CSS colour,
 * else #000000 (public spec §2 "/parcours", §9).
 *
 * @returns a CSS colour string safe to put in a style attribute.
 */
export async function getTimelineMarkerColor(): Promise<string> {
  const value = (await getSiteSettings()).button_color?.trim()
  return value && isCssColor(value) ? value : DEFAULT_MARKER_COLOR
}
