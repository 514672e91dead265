import { describe, expect, it } from 'vitest'
import { compileSlots, escapeHtml, fillSlots, slotMarker } from './slot-template'

describe('compileSlots and fillSlots', () => {
  it('puts each value in place of its marker, escaped by the encoder, however the markers sit', () => {
    const rendered = `${slotMarker(1)}<p title="${slotMarker(0)}">${slotMarker(0)}${slotMarker(2)}</p>${slotMarker(1)}`
    const template = compileSlots(rendered)

    expect(fillSlots(template, ['Tom & "Jerry"', '<b>', "l'atelier"], escapeHtml)).toBe(
      '&lt;b&gt;<p title="Tom &amp; &quot;Jerry&quot;">Tom &amp; &quot;Jerry&quot;l&#x27;atelier</p>&lt;b&gt;',
    )
  })

  it('fills a missing value with nothing and leaves a rendering without markers as it is', () => {
    expect(fillSlots(compileSlots(`<p>${slotMarker(3)}</p>`), ['a'], escapeHtml)).toBe('<p></p>')
    expect(fillSlots(compileSlots('<p>Bonjour</p>'), ['a'], escapeHtml)).toBe('<p>Bonjour</p>')
  })

  it('gives the same text as a replacement of the markers, for slot numbers of several digits', () => {
    const values = Array.from({ length: 12 }, (_, index) => `valeur ${index} `)
    const rendered = values.map((_, index) => `<td>${slotMarker(11 - index)}</td>`).join('\n')

    expect(fillSlots(compileSlots(rendered), values, (value) => value.trim())).toBe(
      rendered.replace(/\uE000(\d+)\uE001/g, (_, index: string) => `valeur ${index}`),
    )
  })
})
