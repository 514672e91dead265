import { describe, expect, it } from 'vitest'
import { sanitizeOptionalRichText, sanitizeRichText } from '#app/lib/sanitize.server'

describe('sanitizeRichText', () => {
  it('keeps the markup the editor toolbar produces', () => {
    const html =
      '<h1>Titre</h1><h2>Sous-titre</h2><h3>Partie</h3>' +
      '<p style="text-align: center">Un <strong>trait</strong>, <b>gras</b>, <em>souffle</em>, <i>italique</i>, <u>souligné</u>, <s>barré</s>, <strike>ancien</strike><br>suite</p>' +
      '<blockquote>Citation</blockquote><ol><li>un</li></ol><ul><li>deux</li></ul>' +
      '<p><a href="https://exemple.fr/page">lien</a> <a href="mailto:contact@exemple.fr">écrire</a></p>'
    // Only serialization changes: `style` loses its inner space, `<br>` becomes `<br />`.
    expect(sanitizeRichText(html)).toBe(
      html.replace('text-align: center', 'text-align:center').replace('<br>', '<br />'),
    )
  })

  it('removes scripts, frames, images with handlers and event attributes', () => {
    const html =
      '<p onclick="alert(1)">Texte</p><script>alert(1)</script><iframe src="https://evil.example"></iframe>' +
      '<img src="x" onerror="alert(1)"><style>p{color:red}</style><svg><script>alert(2)</script></svg>'
    const clean = sanitizeRichText(html)
    expect(clean).toBe('<p>Texte</p>')
  })

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x'])(
    'removes the URL %s but keeps the link text',
    (href) => {
      expect(sanitizeRichText(`<a href="${href}">clic</a>`)).toBe('<a>clic</a>')
    },
  )

  it('adds rel="noopener noreferrer" to links opening a new tab and drops other targets', () => {
    expect(sanitizeRichText('<a href="https://exemple.fr" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://exemple.fr" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizeRichText('<a href="https://exemple.fr" target="_top">x</a>')).toBe(
      '<a href="https://exemple.fr">x</a>',
    )
  })

  it('keeps only text-align among styles, with the four allowed values', () => {
    expect(sanitizeRichText('<p style="text-align: justify; color: red; background: url(x)">a</p>')).toBe(
      '<p style="text-align:justify">a</p>',
    )
    expect(sanitizeRichText('<p style="text-align: expression(alert(1))">a</p>')).toBe('<p>a</p>')
    expect(sanitizeRichText('<span style="text-align: center">a</span>')).toBe('a')
  })

  it('keeps the text of tags outside the toolbar (h4, div, span, table)', () => {
    expect(sanitizeRichText('<div><h4>Petit titre</h4><span class="x">texte</span></div>')).toBe(
      'Petit titretexte',
    )
  })
})

describe('sanitizeOptionalRichText', () => {
  it.each([
    null,
    undefined,
    '',
    '   ',
    '<p></p>',
    '<p> &nbsp; </p>',
    '<script>alert(1)</script>',
    '<p><img src="x"></p>',
  ])('stores %j as null: no visible text remains', (html) => {
    expect(sanitizeOptionalRichText(html)).toBeNull()
  })

  it('stores sanitized, trimmed HTML when text remains', () => {
    expect(sanitizeOptionalRichText('  <p onclick="x()">Bonjour <b>atelier</b></p>\n')).toBe(
      '<p>Bonjour <b>atelier</b></p>',
    )
  })
})
