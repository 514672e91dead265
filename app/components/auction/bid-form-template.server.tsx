import { renderToStaticMarkup } from 'react-dom/server'
import { compileSlots, escapeHtml, fillSlots, type SlotTemplate, slotMarker } from '#app/lib/slot-template'
import { BidFormView, bidFormView } from './bid-form'

/** Renderings kept, one per shape of answer (its kind, which fields have a value or errors…). */
const CACHE_SIZE = 64
const renderings = new Map<string, SlotTemplate>()

/** A copy of `value` with each of its strings replaced by a marker, in order; the strings go to `texts`. */
function markTexts<T>(value: T, texts: string[]): T {
  if (typeof value === 'string') {
    texts.push(value)
    return slotMarker(texts.length - 1) as T
  }
  if (Array.isArray(value)) return value.map((item: unknown) => markTexts(item, texts)) as T
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, markTexts(item, texts)]),
    ) as T
  }
  return value
}

/**
 * The bid form's HTML for an answer, as `renderToStaticMarkup(<BidForm {...props} />)` writes it,
 * rendered by React once per shape of answer and then filled with each answer's texts (issue #10
 * §2: in a bidding war hundreds of bids a second are answered with this region; a React render
 * each was the largest part of the main thread's work). The shape is all the view decides on — the
 * answer's kind, which fields hold a value or errors and how many, the validated address, the
 * automatic bid's note — and the texts are the view's strings ({@link bidFormView}), each placed
 * as it is and HTML-escaped as React escapes it (app/lib/slot-template.ts).
 *
 * @param props - {@link BidForm}'s props: the live state, the answer, this browser's validated
 *   address and automatic-bid maximum.
 * @returns the `<section id="formulaire-mise">` HTML.
 */
export function renderBidForm(props: Parameters<typeof bidFormView>[0]): string {
  const view = bidFormView(props)
  const texts: string[] = []
  const marked = { ...view, text: markTexts(view.text, texts) }
  const shape = JSON.stringify(marked)
  let rendered = renderings.get(shape)
  if (rendered === undefined) {
    rendered = compileSlots(renderToStaticMarkup(<BidFormView {...marked} />))
    renderings.set(shape, rendered)
    if (renderings.size > CACHE_SIZE) renderings.delete(renderings.keys().next().value as string)
  }
  return fillSlots(rendered, texts, escapeHtml)
}
