import { describe, expect, it } from 'vitest'
import { decodeCopyField, parseCopyLine, parseTextArray } from './copy-text'
import { convertQuillHtml } from './quill-html'

describe('COPY text format (issue #33 §1)', () => {
  it.each([
    ['\\N', null],
    ['', ''],
    ['tab\\there', 'tab\there'],
    ['ligne\\r\\nsuivante', 'ligne\r\nsuivante'],
    ['barre \\\\ oblique', 'barre \\ oblique'],
    ['\\303\\251t\\303\\251', 'été'],
    ['\\x41\\x42', 'AB'],
    ['émoji ✨', 'émoji ✨'],
  ])('decodes %j', (field, value) => {
    expect(decodeCopyField(field)).toBe(value)
  })

  it('splits a line on tabs, escapes decoded after the split', () => {
    expect(parseCopyLine('a\\tb\t\\N\t')).toEqual(['a\tb', null, ''])
  })

  it('reads text arrays with quotes, escapes and NULL', () => {
    expect(parseTextArray('{}')).toEqual([])
    expect(parseTextArray('{calligraphie,"A la une","à \\"la\\" une",NULL}')).toEqual([
      'calligraphie',
      'A la une',
      'à "la" une',
    ])
  })
})

describe("Quill's HTML into the editor's (decision 036)", () => {
  it('turns alignment classes into styles, images and videos into links, storage links into Encre ones', () => {
    const bucket = 'https://x.supabase.co/storage/v1/object/public/images/articles/a.jpg'
    const html = convertQuillHtml(
      `<p class="ql-align-center">Centré</p><p><img src="${bucket}" alt="Détail"></p>` +
        '<iframe class="ql-video" frameborder="0" src="https://www.youtube.com/embed/M7lc1UVf-VE?showinfo=0"></iframe>' +
        `<p><a href="${bucket}">lien</a><img src="https://x.supabase.co/storage/v1/object/public/images/absent.jpg"></p>`,
      (address) =>
        address === bucket ? '/uploads/articles/h-768.webp' : address.includes('absent') ? null : undefined,
    )
    expect(html).toBe(
      '<p style="text-align: center">Centré</p><p><a href="/uploads/articles/h-768.webp" target="_blank">Détail</a></p>' +
        '<p><a href="https://www.youtube.com/watch?v=M7lc1UVf-VE" target="_blank">Vidéo : https://www.youtube.com/watch?v=M7lc1UVf-VE</a></p>' +
        '<p><a href="/uploads/articles/h-768.webp">lien</a></p>',
    )
  })
})
