import sanitizeHtml from 'sanitize-html'
import { htmlToText } from '#app/lib/html-text'

const ALIGNABLE = ['p', 'h1', 'h2', 'h3', 'li', 'blockquote']

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'blockquote',
    'ol',
    'ul',
    'li',
    'a',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ['style']])),
  },
  allowedStyles: { '*': { 'text-align': [/^(?:left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const result: Record<string, string> = {}
      if (attribs.href) result.href = attribs.href
      if (attribs.target === '_blank') {
        result.target = '_blank'
        result.rel = 'noopener noreferrer'
      }
      return { tagName, attribs: result }
    },
  },
}

/**
 * Cleans rich text before it is stored (DESIGN.md §5 "Rich text"; back-office spec §5 editor
 * toolbar): keeps only what the editor can produce — paragraphs, line breaks, headings 1–3, bold,
 * italic, underline, strike, blockquotes, ordered and bullet lists, links — and `text-align`
 * (left, right, center, justify) as the only style. Links keep `href` with http, https or mailto
 * (or a relative path); `target="_blank"` always gets `rel="noopener noreferrer"`. Scripts,
 * frames, event handlers, images and other markup are removed (the text of unknown tags is kept,
 * the content of script and style is dropped).
 *
 * @param html - HTML from the editor or the seed; any string.
 * @returns safe HTML, possibly ''.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}

/**
 * An optional rich-text field as stored (DESIGN.md §5 "Rich text"): {@link sanitizeRichText},
 * trimmed, or null when nothing a reader would see remains (absent, '', `<p></p>`, only spaces —
 * {@link htmlToText} is empty). The one way every use case stores a description.
 *
 * @param html - HTML from the editor, or null / undefined when the field was left out.
 * @returns safe HTML with visible text, or null.
 */
export function sanitizeOptionalRichText(html: string | null | undefined): string | null {
  const clean = sanitizeRichText(html ?? '').trim()
  return htmlToText(clean) === '' ? null : clean
}
