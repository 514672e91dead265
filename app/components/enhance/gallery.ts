/**
 * An artwork's gallery and its full-screen viewer on the static artwork page (public spec §2
 * /portfolio/oeuvre/{id}, §4 "viewers"), driving the markup of `ArtworkGallery`:
 * - `[data-gallery="<viewer id>"]` holds the main image's slides (`[data-gallery-slide]`, one
 *   shown), the opener (`[data-dialog-open]`, labelled 'Agrandir l'image n sur total en plein
 *   écran') and the thumbnails (`[data-gallery-thumb]`, the current one `aria-current="true"`);
 * - the viewer `<dialog>` holds its slides (`[data-viewer-slide]`), the 'n / total' counter
 *   (`[data-viewer-counter]`) and the previous/next buttons (`[data-viewer-step="-1"|"1"]`).
 * Both show the same image: a thumbnail, the buttons, ←/→ or a swipe move it, wrapping around.
 */

/** Smallest horizontal swipe, in px, that changes image on a touch screen. */
const SWIPE_THRESHOLD_PX = 50

/** The image index after moving `step` (±1) from `index` among `total` images, wrapping around. */
export function wrapIndex(index: number, step: number, total: number): number {
  if (total <= 0) return 0
  return (((index + step) % total) + total) % total
}

function wireGallery(gallery: HTMLElement): void {
  const viewer = document.getElementById(gallery.dataset.gallery ?? '')
  const slides = [...gallery.querySelectorAll<HTMLElement>('[data-gallery-slide]')]
  const thumbs = [...gallery.querySelectorAll<HTMLElement>('[data-gallery-thumb]')]
  const opener = gallery.querySelector<HTMLElement>('[data-dialog-open]')
  const viewerSlides = viewer ? [...viewer.querySelectorAll<HTMLElement>('[data-viewer-slide]')] : []
  const counter = viewer?.querySelector('[data-viewer-counter]')
  const total = slides.length
  let index = 0

  const show = (next: number) => {
    index = wrapIndex(next, 0, total)
    for (const [position, slide] of slides.entries()) slide.hidden = position !== index
    for (const [position, slide] of viewerSlides.entries()) slide.hidden = position !== index
    for (const [position, thumb] of thumbs.entries()) {
      if (position === index) thumb.setAttribute('aria-current', 'true')
      else thumb.removeAttribute('aria-current')
    }
    if (counter) counter.textContent = `${index + 1} / ${total}`
    if (opener && total > 1)
      opener.setAttribute('aria-label', `Agrandir l'image ${index + 1} sur ${total} en plein écran`)
  }

  for (const [position, thumb] of thumbs.entries()) thumb.addEventListener('click', () => show(position))
  if (!viewer || total < 2) return
  viewer.addEventListener('click', (event) => {
    const step =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-viewer-step]') : null
    if (step) show(index + Number(step.dataset.viewerStep))
  })
  viewer.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    show(index + (event.key === 'ArrowRight' ? 1 : -1))
  })
  let touchStartX: number | null = null
  viewer.addEventListener('touchstart', (event) => {
    touchStartX = event.touches[0]?.clientX ?? null
  })
  viewer.addEventListener('touchend', (event) => {
    const end = event.changedTouches[0]?.clientX
    const start = touchStartX
    touchStartX = null
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return
    show(index + (end < start ? 1 : -1))
  })
}

/** Wires every artwork gallery of the page. */
export function enhanceGalleries(): void {
  for (const gallery of document.querySelectorAll<HTMLElement>('[data-gallery]')) wireGallery(gallery)
}
