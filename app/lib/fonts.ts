/**
 * Self-hosted fonts (Fontsource, latin subset, weights 400 and 700), declared only for the fonts
 * the appearance settings choose (issue #2 §5): no request leaves the origin. Their `@font-face`
 * rules are written into the page's `<head>` ({@link fontFaceCss}), not linked as style sheets:
 * a style sheet per font and weight was a render-blocking request each (issue #8 §1). Each font
 * also gets a fallback face: a local font scaled to its metrics (Capsize), shown until the web
 * font is there, so that the swap barely moves the text (decision 010).
 */
import { createFontStack } from '@capsizecss/core'
import arial from '@capsizecss/metrics/arial'
import crimsonTextMetrics from '@capsizecss/metrics/crimsonText'
import interMetrics from '@capsizecss/metrics/inter'
import latoMetrics from '@capsizecss/metrics/lato'
import loraMetrics from '@capsizecss/metrics/lora'
import merriweatherMetrics from '@capsizecss/metrics/merriweather'
import montserratMetrics from '@capsizecss/metrics/montserrat'
import openSansMetrics from '@capsizecss/metrics/openSans'
import oswaldMetrics from '@capsizecss/metrics/oswald'
import playfairDisplayMetrics from '@capsizecss/metrics/playfairDisplay'
import poppinsMetrics from '@capsizecss/metrics/poppins'
import ptSerifMetrics from '@capsizecss/metrics/pTSerif'
import ralewayMetrics from '@capsizecss/metrics/raleway'
import robotoMetrics from '@capsizecss/metrics/roboto'
import sourceSans3Metrics from '@capsizecss/metrics/sourceSans3'
import timesNewRoman from '@capsizecss/metrics/timesNewRoman'
import ubuntuMetrics from '@capsizecss/metrics/ubuntu'

import crimsonText400 from '@fontsource/crimson-text/files/crimson-text-latin-400-normal.woff2?url'
import crimsonText700 from '@fontsource/crimson-text/files/crimson-text-latin-700-normal.woff2?url'
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url'
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url'
import lato400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url'
import lato700 from '@fontsource/lato/files/lato-latin-700-normal.woff2?url'
import lora400 from '@fontsource/lora/files/lora-latin-400-normal.woff2?url'
import lora700 from '@fontsource/lora/files/lora-latin-700-normal.woff2?url'
import merriweather400 from '@fontsource/merriweather/files/merriweather-latin-400-normal.woff2?url'
import merriweather700 from '@fontsource/merriweather/files/merriweather-latin-700-normal.woff2?url'
import montserrat400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url'
import montserrat700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url'
import openSans400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url'
import openSans700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url'
import oswald400 from '@fontsource/oswald/files/oswald-latin-400-normal.woff2?url'
import oswald700 from '@fontsource/oswald/files/oswald-latin-700-normal.woff2?url'
import playfairDisplay400 from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url'
import playfairDisplay700 from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url'
import poppins400 from '@fontsource/poppins/files/poppins-latin-400-normal.woff2?url'
import poppins700 from '@fontsource/poppins/files/poppins-latin-700-normal.woff2?url'
import ptSerif400 from '@fontsource/pt-serif/files/pt-serif-latin-400-normal.woff2?url'
import ptSerif700 from '@fontsource/pt-serif/files/pt-serif-latin-700-normal.woff2?url'
import raleway400 from '@fontsource/raleway/files/raleway-latin-400-normal.woff2?url'
import raleway700 from '@fontsource/raleway/files/raleway-latin-700-normal.woff2?url'
import roboto400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url'
import roboto700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff2?url'
import sourceSansPro400 from '@fontsource/source-sans-pro/files/source-sans-pro-latin-400-normal.woff2?url'
import sourceSansPro700 from '@fontsource/source-sans-pro/files/source-sans-pro-latin-700-normal.woff2?url'
import ubuntu400 from '@fontsource/ubuntu/files/ubuntu-latin-400-normal.woff2?url'
import ubuntu700 from '@fontsource/ubuntu/files/ubuntu-latin-700-normal.woff2?url'
import { type AllowedFont, isSerifFont } from './appearance'

/** Font name → its woff2 files (built assets) by weight. */
const FONT_FILES: Record<AllowedFont, { 400: string; 700: string }> = {
  Inter: { 400: inter400, 700: inter700 },
  Roboto: { 400: roboto400, 700: roboto700 },
  'Open Sans': { 400: openSans400, 700: openSans700 },
  Lato: { 400: lato400, 700: lato700 },
  Montserrat: { 400: montserrat400, 700: montserrat700 },
  Poppins: { 400: poppins400, 700: poppins700 },
  'Source Sans Pro': { 400: sourceSansPro400, 700: sourceSansPro700 },
  Oswald: { 400: oswald400, 700: oswald700 },
  Raleway: { 400: raleway400, 700: raleway700 },
  Ubuntu: { 400: ubuntu400, 700: ubuntu700 },
  'Playfair Display': { 400: playfairDisplay400, 700: playfairDisplay700 },
  Merriweather: { 400: merriweather400, 700: merriweather700 },
  Lora: { 400: lora400, 700: lora700 },
  'Crimson Text': { 400: crimsonText400, 700: crimsonText700 },
  'PT Serif': { 400: ptSerif400, 700: ptSerif700 },
}

/** Each font's metrics (Capsize; Source Sans 3 is Source Sans Pro's successor). */
const FONT_METRICS: Record<AllowedFont, Parameters<typeof createFontStack>[0][number]> = {
  Inter: interMetrics,
  Roboto: robotoMetrics,
  'Open Sans': openSansMetrics,
  Lato: latoMetrics,
  Montserrat: montserratMetrics,
  Poppins: poppinsMetrics,
  'Source Sans Pro': sourceSans3Metrics,
  Oswald: oswaldMetrics,
  Raleway: ralewayMetrics,
  Ubuntu: ubuntuMetrics,
  'Playfair Display': playfairDisplayMetrics,
  Merriweather: merriweatherMetrics,
  Lora: loraMetrics,
  'Crimson Text': crimsonTextMetrics,
  'PT Serif': ptSerifMetrics,
}

/** Local fonts with Arial's or Times New Roman's metrics (Liberation, Croscore), by weight. */
const LOCAL_FALLBACKS = {
  sans: {
    400: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo', 'Helvetica'],
    700: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold', 'Helvetica Bold'],
  },
  serif: {
    400: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Tinos', 'Times'],
    700: [
      'Times New Roman Bold',
      'TimesNewRomanPS-BoldMT',
      'Liberation Serif Bold',
      'Tinos Bold',
      'Times Bold',
    ],
  },
} as const

/**
 * The fallback faces of a font, family `<font> Fallback`, weights 400 and 700: local Arial (or
 * Times New Roman for a serif font) with Capsize's size, ascent, descent and line-gap overrides.
 */
function fallbackFaceCss(font: AllowedFont): string {
  const kind = isSerifFont(font) ? 'serif' : 'sans'
  const { fontFaces } = createFontStack([FONT_METRICS[font], kind === 'serif' ? timesNewRoman : arial], {
    fontFaceFormat: 'styleObject',
  })
  const face = fontFaces[0]?.['@font-face']
  if (!face) return ''
  const overrides = `ascent-override:${face.ascentOverride};descent-override:${face.descentOverride};line-gap-override:${face.lineGapOverride};size-adjust:${face.sizeAdjust}`
  return ([400, 700] as const)
    .map(
      (weight) =>
        `@font-face{font-family:${font} Fallback;font-weight:${weight};src:${LOCAL_FALLBACKS[kind][weight].map((name) => `local(${name})`).join(',')};${overrides}}`,
    )
    .join('')
}

/**
 * The `@font-face` rules of the given fonts, weights 400 and 700, with `font-display: swap` (the
 * text shows at once in the fallback face, then in the chosen font), and their fallback faces.
 * No quotes: React escapes them in a `<style>`'s text, and every family name here is a sequence of
 * identifiers, valid unquoted.
 *
 * @param fonts - the fonts in use (`fontsInUse`), each once.
 * @returns CSS text for a `<style>` element.
 */
export function fontFaceCss(fonts: readonly AllowedFont[]): string {
  return fonts
    .flatMap((font) => [
      ...([400, 700] as const).map(
        (weight) =>
          `@font-face{font-family:${font};font-style:normal;font-display:swap;font-weight:${weight};src:url(${FONT_FILES[font][weight]})}`,
      ),
      fallbackFaceCss(font),
    ])
    .join('')
}
