/**
 * Self-hosted font style sheets (Fontsource, latin subset, weights 400 and 700), linked only
 * for the fonts the appearance settings choose (issue #2 §5): no request leaves the origin.
 */

import crimsonText400 from '@fontsource/crimson-text/latin-400.css?url'
import crimsonText700 from '@fontsource/crimson-text/latin-700.css?url'
import inter400 from '@fontsource/inter/latin-400.css?url'
import inter700 from '@fontsource/inter/latin-700.css?url'
import lato400 from '@fontsource/lato/latin-400.css?url'
import lato700 from '@fontsource/lato/latin-700.css?url'
import lora400 from '@fontsource/lora/latin-400.css?url'
import lora700 from '@fontsource/lora/latin-700.css?url'
import merriweather400 from '@fontsource/merriweather/latin-400.css?url'
import merriweather700 from '@fontsource/merriweather/latin-700.css?url'
import montserrat400 from '@fontsource/montserrat/latin-400.css?url'
import montserrat700 from '@fontsource/montserrat/latin-700.css?url'
import openSans400 from '@fontsource/open-sans/latin-400.css?url'
import openSans700 from '@fontsource/open-sans/latin-700.css?url'
import oswald400 from '@fontsource/oswald/latin-400.css?url'
import oswald700 from '@fontsource/oswald/latin-700.css?url'
import playfairDisplay400 from '@fontsource/playfair-display/latin-400.css?url'
import playfairDisplay700 from '@fontsource/playfair-display/latin-700.css?url'
import poppins400 from '@fontsource/poppins/latin-400.css?url'
import poppins700 from '@fontsource/poppins/latin-700.css?url'
import ptSerif400 from '@fontsource/pt-serif/latin-400.css?url'
import ptSerif700 from '@fontsource/pt-serif/latin-700.css?url'
import raleway400 from '@fontsource/raleway/latin-400.css?url'
import raleway700 from '@fontsource/raleway/latin-700.css?url'
import roboto400 from '@fontsource/roboto/latin-400.css?url'
import roboto700 from '@fontsource/roboto/latin-700.css?url'
import sourceSansPro400 from '@fontsource/source-sans-pro/latin-400.css?url'
import sourceSansPro700 from '@fontsource/source-sans-pro/latin-700.css?url'
import ubuntu400 from '@fontsource/ubuntu/latin-400.css?url'
import ubuntu700 from '@fontsource/ubuntu/latin-700.css?url'
import type { AllowedFont } from './appearance'

/** Font name → style sheet URLs (built assets). */
export const FONT_STYLESHEETS: Record<AllowedFont, readonly string[]> = {
  Inter: [inter400, inter700],
  Roboto: [roboto400, roboto700],
  'Open Sans': [openSans400, openSans700],
  Lato: [lato400, lato700],
  Montserrat: [montserrat400, montserrat700],
  Poppins: [poppins400, poppins700],
  'Source Sans Pro': [sourceSansPro400, sourceSansPro700],
  Oswald: [oswald400, oswald700],
  Raleway: [raleway400, raleway700],
  Ubuntu: [ubuntu400, ubuntu700],
  'Playfair Display': [playfairDisplay400, playfairDisplay700],
  Merriweather: [merriweather400, merriweather700],
  Lora: [lora400, lora700],
  'Crimson Text': [crimsonText400, crimsonText700],
  'PT Serif': [ptSerif400, ptSerif700],
}
