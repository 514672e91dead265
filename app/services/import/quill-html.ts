import { decodeHTML, escapeUTF8 } from 'entities'

/**
 * The original's rich text (Quill's HTML) turned into what Encre's editor makes (issue #33 §2,
 * decision 036), before the editor's sanitizer (app/lib/sanitize.server.ts) cleans it:
 * - `class="ql-align-center|right|justify"` becomes the editor's `style="text-align: …"`;
 * - an inline `<img>` becomes a link to the same image in Encre (the editor has no inline images),
 *   labelled by its `alt` text or « Image »; one whose file is missing is removed;
 * - a video `<iframe>` (Quill's `ql-video`) becomes a link to the video (the editor has no frames):
 *   a YouTube embed links to its watch page;
 * - a link into the original's storage points at the imported image (or loses its address when
 *   the image could not be imported).
 */

const TAG =
  /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g

type Attributes = Map<string, string>

function parseAttributes(text: string): Attributes {
  const attributes: Attributes = new Map()
  for (const match of text.matchAll(ATTRIBUTE)) {
    attributes.set((match[1] as string).toLowerCase(), decodeHTML(match[2] ?? match[3] ?? match[4] ?? ''))
  }
  return attributes
}

function renderTag(name: string, attributes: Attributes): string {
  const parts = [...attributes].map(([key, value]) => ` ${key}="${escapeUTF8(value)}"`)
  return `<${name}${parts.join('')}>`
}

function link(href: string, text: string): string {
  return `<a href="${escapeUTF8(href)}" target="_blank">${escapeUTF8(text)}</a>`
}

/** The watch page of a YouTube embed URL, or the URL itself. */
function videoPage(src: string): string {
  const match = /^(?:https?:)?\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,})/i.exec(src)
  return match ? `https://www.youtube.com/watch?v=${match[1]}` : src
}

/**
 * Every `src` of an `<img>` and `href` of an `<a>` in the HTML, decoded, in document order: the
 * addresses {@link convertQuillHtml} will ask to map.
 */
export function htmlAddresses(html: string): string[] {
  const addresses: string[] = []
  for (const match of html.matchAll(TAG)) {
    if (match[1]) continue
    const name = (match[2] as string).toLowerCase()
    const attribute = name === 'img' ? 'src' : name === 'a' ? 'href' : null
    if (!attribute) continue
    const value = parseAttributes(match[3] ?? '').get(attribute)
    if (value) addresses.push(value)
  }
  return addresses
}

/**
 * Converts Quill's HTML (see the module's comment); the result still goes through the editor's
 * sanitizer before it is stored.
 *
 * @param html - the original's HTML.
 * @param mapAddress - the Encre address of an original address: a string to use, null to drop it
 *   (a missing image), undefined to keep it as it is.
 * @returns HTML to sanitize.
 */
export function convertQuillHtml(
  html: string,
  mapAddress: (address: string) => string | null | undefined,
): string {
  return html.replace(TAG, (whole, closing: string, rawName: string, rawAttributes: string) => {
    const name = rawName.toLowerCase()
    if (name === 'iframe') {
      if (closing) return ''
      const src = parseAttributes(rawAttributes).get('src')
      if (!src) return ''
      const page = videoPage(src.startsWith('//') ? `https:${src}` : src)
      return `<p>${link(page, `Vidéo : ${page}`)}</p>`
    }
    if (closing) return whole
    const attributes = parseAttributes(rawAttributes)
    if (name === 'img') {
      const src = attributes.get('src') ?? ''
      const mapped = mapAddress(src)
      if (mapped === null || !src) return ''
      return link(mapped ?? src, attributes.get('alt')?.trim() || 'Image')
    }
    if (name === 'a' && attributes.has('href')) {
      const mapped = mapAddress(attributes.get('href') as string)
      if (mapped === null) attributes.delete('href')
      else if (mapped !== undefined) attributes.set('href', mapped)
    }
    const align = /\bql-align-(center|right|justify)\b/.exec(attributes.get('class') ?? '')
    if (align) {
      const style = attributes.get('style')?.trim().replace(/;?$/, '; ') ?? ''
      attributes.set('style', `${style}text-align: ${align[1]}`.replace(/^; /, ''))
    }
    attributes.delete('class')
    return renderTag(name, attributes)
  })
}
