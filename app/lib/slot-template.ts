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

const MARKERS = /\uE000(\d+)\uE001/g

/**
 * Puts the values back in place of the markers of a rendering.
 *
 * @param rendered - markup rendered with {@link slotMarker}(i) in place of value i.
 * @param values - the values, by index ('' for a missing one).
 * @param encode - how a value is written there: {@link escapeHtml} in HTML.
 * @returns the filled text.
 */
export function fillSlots(
  rendered: string,
  values: readonly string[],
  encode: (value: string) => string,
): string {
  return rendered.replace(MARKERS, (_, index: string) => encode(values[Number(index)] ?? ''))
}
