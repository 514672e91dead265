/**
 * Contrast of the artist's colours (WCAG 2.2, success criterion 1.4.3: 4.5:1 for text). The site
 * keeps the colour the artist chose (or the spec's default sky blue #0ea5e9) and picks what is
 * written on it, or darkens it where it is itself the text, so that every page stays readable.
 */

/** WCAG's minimum contrast ratio for normal text. */
export const TEXT_CONTRAST = 4.5

/** The ink written on a colour too light for white: the site's gray-900. */
export const DARK_INK = '#111827'

type Rgb = readonly [number, number, number]

/**
 * Reads a hexadecimal CSS colour.
 *
 * @param value - `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (alpha ignored), any case.
 * @returns its red, green and blue channels from 0 to 255, or null for any other notation.
 */
export function parseHexColour(value: string): Rgb | null {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim())?.[1]
  if (!hex) return null
  const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6)
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb
}

/** WCAG relative luminance of an sRGB colour, from 0 (black) to 1 (white). */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/**
 * The WCAG contrast ratio of two colours.
 *
 * @returns from 1 (same luminance) to 21 (black on white).
 */
function ratio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

const WHITE: Rgb = [255, 255, 255]

/**
 * The text colour to write on a button of `background`: white when it reaches 4.5:1, else the
 * dark ink (the default #0ea5e9 gives white 2.8:1, the dark ink 6.6:1).
 *
 * @param background - a CSS colour; only hexadecimal notations are measured.
 * @returns `#ffffff` or {@link DARK_INK}; `#ffffff` for a notation that is not measured.
 */
export function readableTextOn(background: string): string {
  const rgb = parseHexColour(background)
  if (!rgb) return '#ffffff'
  const dark = parseHexColour(DARK_INK) as Rgb
  return ratio(rgb, WHITE) >= TEXT_CONTRAST || ratio(rgb, WHITE) >= ratio(rgb, dark) ? '#ffffff' : DARK_INK
}

/**
 * The colour itself when it reads as text on white (links, icons), else the same hue darkened
 * (mixed with black, 5 % at a time) until it does.
 *
 * @param colour - a CSS colour; only hexadecimal notations are measured.
 * @returns a `#rrggbb` colour with at least 4.5:1 on white, or `colour` unchanged when it already
 *   has it or is not hexadecimal.
 */
export function inkOnWhite(colour: string): string {
  const rgb = parseHexColour(colour)
  if (!rgb || ratio(rgb, WHITE) >= TEXT_CONTRAST) return colour
  let shade: Rgb = rgb
  for (let darker = 0.95; ratio(shade, WHITE) < TEXT_CONTRAST; darker -= 0.05) {
    shade = rgb.map((channel) => Math.round(channel * darker)) as unknown as Rgb
  }
  return `#${shade.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}
