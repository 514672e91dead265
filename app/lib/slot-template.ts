/**
 * Markup rendered once with markers in place of its changing texts, then filled many times (issue
 * #10 §2: in a bidding war, hundreds of answers a second cost no React render each). Used by the
 * e-mail templates (app/emails/render-email.server.ts) and the bid form's answer
 * (app/components/auction/bid-form-template.server.tsx).
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
}

/**
 * A text as React writes it in HTML text and attribute values.
 *
 * @param value - any text, e.g. `Tom & "Jerry"`.
 * @returns it with `& < > " '` escaped (`Tom &amp; &quot;Jerry&quot;`).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/**
 * The marker standing for slot `index` in a rendering: private-use code points around the index,
 * which no value, template text or escaping produces.
 *
 * @param index - the slot's place in the caller's list of values (0, 1, …).
 */
export function slotMarker(index: number): string {
  return `\uE000${index}\uE001`
}

/** A marker, its index captured: `split` puts the indexes at the odd places of its result. */
const MARKER = /\uE000(\d+)\uE001/

/**
 * A rendering cut at its markers, ready to be filled many times ({@link compileSlots}): its texts
 * at the even places, the slot indexes at the odd ones (`['<p>', 0, '</p>']`).
 */
export type SlotTemplate = readonly (string | number)[]

/**
 * Cuts a rendering at its markers, once per rendering kept.
 *
 * @param rendered - markup rendered with {@link slotMarker}(i) in place of value i.
 * @returns its {@link SlotTemplate}.
 */
export function compileSlots(rendered: string): SlotTemplate {
  return rendered.split(MARKER).map((piece, place) => (place % 2 === 1 ? Number(piece) : piece))
}

/**
 * Puts the values in place of a compiled rendering's markers. Joined with `+`, not with
 * `String.prototype.replace` and a function: that one took 4–5 times as long, and V8 put about
 * 9 kB of each 14 kB e-mail it filled straight into its old generation (measured with
 * `v8.getHeapSpaceStatistics` on Node 20 and 22), which only a full collection frees — in a
 * bidding war, every accepted bid's e-mails (issue #10 §2).
 *
 * @param template - the rendering, {@link compileSlots}.
 * @param values - the values, by index ('' for a missing one).
 * @param encode - how a value is written there: {@link escapeHtml} in HTML.
 * @returns the filled text.
 */
export function fillSlots(
  template: SlotTemplate,
  values: readonly string[],
  encode: (value: string) => string,
): string {
  let filled = template[0] as string
  for (let place = 1; place < template.length; place += 2) {
    filled += encode(values[template[place] as number] ?? '') + (template[place + 1] as string)
  }
  return filled
}
