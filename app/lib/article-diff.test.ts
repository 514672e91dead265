import { describe, expect, it } from 'vitest'
import {
  changeText,
  countWords,
  describeArticleChanges,
  diffText,
  isSameArticleContent,
  readableText,
} from './article-diff'

const content = {
  titre: 'Le trait',
  sous_titre: null,
  extrait: '',
  contenu: '<p>Le pinceau glisse.</p><p>L’encre sèche.</p>',
  image_url: null,
  tags: ['Encre'],
  type: 'article',
}

describe('article diff (issue #36 §2)', () => {
  it('shows the words added and removed between two texts, paragraphs kept', () => {
    const before = readableText('<p>Le pinceau glisse sur le papier.</p>')
    const after = readableText('<p>Le pinceau court sur le papier humide.</p><p>Fin &amp; suite.</p>')

    const parts = diffText(before, after)

    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text.trim())).toEqual([
      'glisse',
    ])
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual([
      'court',
      'humide',
      'Fin & suite.',
    ])
    expect(parts.map((part) => (part.kind === 'added' ? '' : part.text)).join('')).toBe(before)
    expect(parts.map((part) => (part.kind === 'removed' ? '' : part.text)).join('')).toBe(after)
  })

  it('names the fields a save changed in French, with the words counted for texts', () => {
    const changes = describeArticleChanges(content, {
      ...content,
      titre: 'Le trait juste',
      contenu: '<p>Le pinceau glisse vite.</p>',
      tags: ['Encre', 'Geste'],
    })

    expect(changes.map(changeText)).toEqual(['Titre (+1 mot)', 'Contenu (+1 mot, −2 mots)', 'Étiquettes'])
    expect(changeText({ field: 'contenu', label: 'Contenu', added: 0, removed: 0 })).toBe(
      'Contenu (mise en forme)',
    )
  })

  it('takes an empty field and a missing one as the same content', () => {
    expect(
      isSameArticleContent(content, { ...content, sous_titre: '', extrait: null, tags: ['Encre'] }),
    ).toBe(true)
    expect(isSameArticleContent(content, { ...content, tags: [] })).toBe(false)
    expect(countWords("L'encre bien-aimée, 2 fois.")).toBe(4)
  })
})
