import { decodeHTML } from 'entities'

/**
 * The text a reader sees in rich HTML, on one line: tags become spaces, every HTML entity is
 * decoded (named, decimal and hexadecimal, as a browser does), runs of white space (non-breaking
 * ones included) become one space, and the ends are trimmed. The one way to turn stored HTML into
 * plain text: meta descriptions and excerpts ({@link plainText} in app/lib/meta.ts), reading time,
 * "has visible text" checks (issue #9 §4).
 *
 * Tags are removed before entities are decoded, so `&lt;b&gt;` typed by an author stays the text
 * `<b>`. The result is text, not HTML: render it escaped (React does), never as markup.
 *
 * @param html - sanitized rich HTML (or plain text); null and undefined read as ''.
 * @returns the plain text, possibly ''.
 */
export function htmlToText(html: string | null | undefined): string {
  return decodeEntities((html ?? '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Decodes every HTML entity of a text without tags. On the server: the `entities` package (the
 * decoder of htmlparser2). In the browser: the platform's own decoder (a textarea's content is
 * RCDATA: entities are decoded, nothing is parsed or run), so the 2,000-entity table stays out of
 * the client bundle (Vite makes `import.meta.env.SSR` `false` there and drops `entities`). Outside
 * Vite (Playwright, tsx scripts) `import.meta.env` is undefined: the server path.
 */
function decodeEntities(text: string): string {
  if (import.meta.env?.SSR !== false) return decodeHTML(text)
  const area = document.createElement('textarea')
  area.innerHTML = text
  return area.value
}
