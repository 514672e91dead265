import { FONTS_LOADED_KEY } from '#app/lib/static-page'
import { afterFirstPaint } from './after-paint'

/**
 * The web fonts of a static page after its first paint (decision 010): `<html>` then takes the
 * class `polices` (app.css names the web fonts, which start loading and replace their
 * metric-matched fallbacks), and the browser notes that they are cached, so that the next page
 * shows them at once (`CACHED_FONTS_SCRIPT`).
 */
export function loadWebFonts(): void {
  afterFirstPaint(() => {
    document.documentElement.classList.add('polices')
    try {
      localStorage.setItem(FONTS_LOADED_KEY, '1')
    } catch {
      // Storage refused (private mode): the next page loads its fonts after its paint as well.
    }
  })
}
