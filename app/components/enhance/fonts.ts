import { FONTS_LOADED_KEY } from '#app/lib/static-page'

/**
 * The web fonts of a static page after its first paint (decision 010): once the page has loaded,
 * `<html>` takes the class `polices` (app.css then names the web fonts, which start loading and
 * replace their metric-matched fallbacks), and the browser notes that they are cached, so that the
 * next page shows them at once (`CACHED_FONTS_SCRIPT`).
 */
export function loadWebFonts(): void {
  const show = () => {
    document.documentElement.classList.add('polices')
    try {
      localStorage.setItem(FONTS_LOADED_KEY, '1')
    } catch {
      // Storage refused (private mode): the next page loads its fonts after its paint as well.
    }
  }
  if (document.readyState === 'complete') show()
  else window.addEventListener('load', show, { once: true })
}
