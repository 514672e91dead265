import { describe, expect, it } from 'vitest'
import { readingTimeMinutes } from './format'
import { htmlToText } from './html-text'
import { pageMeta, plainText } from './meta'
import { sanitizeRichText } from './sanitize.server'

describe('htmlToText', () => {
  it('removes tags, decodes every entity and collapses white space', () => {
    expect(
      htmlToText(
        '<h2>Le&nbsp;trait</h2>\n<p>Encre &amp; papier&#8239;: l&rsquo;&eacute;t&#xE9; &laquo;&#160;calme&#160;&raquo; &hellip;</p>',
      ),
    ).toBe('Le trait Encre & papier : l’été « calme » …')
  })

  it('keeps as text the tags an author typed, which the editor stored as entities', () => {
    expect(htmlToText('<p>Utilisez &lt;strong&gt; pour &quot;gras&quot; &apos;ici&apos;</p>')).toBe(
      'Utilisez <strong> pour "gras" \'ici\'',
    )
  })

  it('reads null, undefined, empty paragraphs and non-breaking spaces as no text', () => {
    expect(htmlToText(null)).toBe('')
    expect(htmlToText(undefined)).toBe('')
    expect(htmlToText('<p></p><p>&nbsp;&#160;</p><p><br></p>')).toBe('')
  })
})

describe('plain-text descriptions and excerpts', () => {
  it('show a typed "<" as "<" in the meta description, not "&lt;"', () => {
    const stored = sanitizeRichText('<p>Le signe &lt; et le signe &gt; en calligraphie</p>')
    const tags = pageMeta([], 'Signes', stored, { type: 'article', path: '/blog/signes' })

    expect(tags).toContainEqual({ name: 'description', content: 'Le signe < et le signe > en calligraphie' })
    expect(tags).toContainEqual({
      property: 'og:description',
      content: 'Le signe < et le signe > en calligraphie',
    })
  })

  it('cut decoded text, counting an entity as the one character it stands for', () => {
    expect(plainText('<p>&eacute;&eacute;&eacute;&eacute;&eacute;&eacute;</p>', 5)).toBe('éééé…')
    expect(plainText('<p>&eacute;&eacute;&eacute;</p>', 5)).toBe('ééé')
  })

  it('time reading on the decoded text', () => {
    expect(readingTimeMinutes(`<p>${'&eacute;'.repeat(1000)}</p>`)).toBe(1)
    expect(readingTimeMinutes(`<p>${'&eacute;'.repeat(1001)}</p>`)).toBe(2)
  })
})
