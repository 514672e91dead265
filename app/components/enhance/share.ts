import { showToast } from './toast'

/**
 * The article's share button on its static page (public spec §2 /blog/{slug}): a
 * `button[data-share]` carrying `data-title`, `data-text` and `data-path` opens the device's share
 * sheet with the address of that path on this site (the article's public address, also from its
 * preview) when `navigator.share` exists; otherwise it copies the address and the toast
 * 'URL copiée' / 'L'URL de l'article a été copiée dans le presse-papiers' confirms it.
 */
export function enhanceShareButtons(): void {
  document.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-share]') : null
    if (!button) return
    const url = new URL(button.dataset.path ?? '', window.location.href).href
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: button.dataset.title, text: button.dataset.text || undefined, url })
        return
      } catch (error) {
        if ((error as DOMException | undefined)?.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      showToast({
        title: 'URL copiée',
        description: "L'URL de l'article a été copiée dans le presse-papiers",
        type: 'success',
      })
    } catch {
      showToast({ title: 'Erreur', description: "Impossible de copier l'URL de l'article", type: 'error' })
    }
  })
}
