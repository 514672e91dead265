import { render } from '@react-email/render'
import type { ReactElement } from 'react'
import { compileSlots, escapeHtml, fillSlots, type SlotTemplate, slotMarker } from '#app/lib/slot-template'

/** An e-mail's two parts, ready for `enqueueEmail`. */
export type RenderedEmail = { html: string; texte: string }

/**
 * Renders an e-mail component to its HTML and plain-text parts (DESIGN.md §7).
 * @returns `{ html, texte }` ready for {@link enqueueEmail}.
 */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const [html, texte] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, texte }
}

/** How many renderings of one template are kept (one per auction or site title in use). */
const TEMPLATE_CACHE_SIZE = 16

/**
 * An e-mail rendered once and filled many times (issue #10 §2: an accepted bid costs no React
 * render; app/lib/slot-template.ts). `build` is rendered by {@link renderEmail} with a marker in place of each slot value;
 * each call then replaces the markers with the values — HTML-escaped in `html` (as React would
 * escape them), white space runs folded in `texte` (as the plain-text conversion folds them). The
 * rendering is kept per `fixed` value (compared as JSON; the last {@link TEMPLATE_CACHE_SIZE}).
 *
 * Slot values must be plain text placed in text or attribute positions of the template, never
 * transformed by it (format them before: amounts, dates). One invisible difference with a direct
 * render: the preview line's padding of invisible characters is sized for the markers.
 *
 * @param slots - the names of the values that change from one e-mail to the next.
 * @param build - the e-mail for the fixed props and the slot values (strings).
 * @returns `(fixed, values) => Promise<{ html, texte }>`.
 */
export function createEmailTemplate<Fixed, Slot extends string>(
  slots: readonly Slot[],
  build: (fixed: Fixed, values: Record<Slot, string>) => ReactElement,
): (fixed: Fixed, values: Record<Slot, string>) => Promise<RenderedEmail> {
  const cache = new Map<string, Promise<{ html: SlotTemplate; texte: SlotTemplate }>>()
  const markers = Object.fromEntries(slots.map((slot, index) => [slot, slotMarker(index)])) as Record<
    Slot,
    string
  >
  return async (fixed, values) => {
    const key = JSON.stringify(fixed)
    let rendered = cache.get(key)
    if (!rendered) {
      rendered = renderEmail(build(fixed, markers)).then(({ html, texte }) => ({
        html: compileSlots(html),
        texte: compileSlots(texte),
      }))
      rendered.catch(() => cache.delete(key))
      cache.set(key, rendered)
      if (cache.size > TEMPLATE_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
    }
    const { html, texte } = await rendered
    const ordered = slots.map((slot) => values[slot] ?? '')
    return {
      html: fillSlots(html, ordered, escapeHtml),
      texte: fillSlots(texte, ordered, (value) => value.replace(/\s+/g, ' ')),
    }
  }
}
