import { describe, expect, it } from 'vitest'
import { appearanceCssVariables, resolveAppearance } from './appearance'
import { DARK_INK, inkOnWhite, parseHexColour, readableTextOn } from './colour-contrast'

describe('the artist’s colours kept readable (WCAG 1.4.3)', () => {
  it('reads the hexadecimal notations, and nothing else', () => {
    expect(parseHexColour('#0EA5E9')).toEqual([14, 165, 233])
    expect(parseHexColour('#fa0')).toEqual([255, 170, 0])
    expect(parseHexColour('#ffaa0080')).toEqual([255, 170, 0])
    expect(parseHexColour('rgb(1, 2, 3)')).toBeNull()
    expect(parseHexColour('#12')).toBeNull()
  })

  it('writes white on a dark button and the dark ink on a light one: the default sky blue among these', () => {
    // White on #0ea5e9 is 2.8:1: the spec's default button carries the dark ink (6.6:1).
    expect(readableTextOn('#0ea5e9')).toBe(DARK_INK)
    expect(readableTextOn('#1f2937')).toBe('#ffffff')
    expect(readableTextOn('#8b5a2b')).toBe('#ffffff')
    expect(readableTextOn('#ffff00')).toBe(DARK_INK)
    expect(readableTextOn('teal')).toBe('#ffffff')
  })

  it('keeps a colour that reads on white as text, and darkens the others in their own hue', () => {
    expect(inkOnWhite('#8b5a2b')).toBe('#8b5a2b')
    const ink = inkOnWhite('#0ea5e9')
    expect(ink).toMatch(/^#[0-9a-f]{6}$/)
    // Same hue: each channel scaled by the same factor.
    const [r, g, b] = parseHexColour(ink) ?? [0, 0, 0]
    expect(b).toBeGreaterThan(g)
    expect(g).toBeGreaterThan(r)
    expect(readableTextOn(ink)).toBe('#ffffff')
    expect(inkOnWhite('hsl(200, 80%, 60%)')).toBe('hsl(200, 80%, 60%)')
  })

  it('sets both on the page: --button-text under the button colour, --button-ink for links', () => {
    const variables = appearanceCssVariables(resolveAppearance({}))
    expect(variables['--button-color']).toBe('#0ea5e9')
    expect(variables['--button-text']).toBe(DARK_INK)
    expect(variables['--button-ink']).toBe(inkOnWhite('#0ea5e9'))
    expect(appearanceCssVariables(resolveAppearance({ button_color: '#000000' }))['--button-text']).toBe(
      '#ffffff',
    )
  })
})
