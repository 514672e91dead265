/**
 * Live character counts on static pages (public spec §2 /contact: the message's 'n / 5 000'): an
 * element `[data-count-for="<field id>"]` shows the field's length, in French digits, before its
 * `data-count-max`, and turns red (`text-red-700`) beyond it.
 */
export function enhanceCharacterCounts(): void {
  document.addEventListener('input', (event) => {
    const field = event.target
    if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) || !field.id) return
    const count = document.querySelector<HTMLElement>(`[data-count-for="${CSS.escape(field.id)}"]`)
    const shown = count?.querySelector('[data-count]')
    if (!count || !shown) return
    const max = Number(count.dataset.countMax)
    shown.textContent = field.value.length.toLocaleString('fr-FR')
    count.classList.toggle('text-red-700', field.value.length > max)
    count.classList.toggle('text-gray-500', field.value.length <= max)
  })
}
