import { describe, expect, it } from 'vitest'
import { addTag, articleFormSchema, normalizeTypedSlug } from './article-schema'
import { parseForm } from './form-fields'
import { integerOrZero, pageConfigFormSchema } from './page-schema'
import { checkSetting } from './settings-schema'

describe('article form rules', () => {
  it('normalises a typed slug like a title, hyphens and underscores as word separators', () => {
    expect(normalizeTypedSlug('Mon-Été_2026')).toBe('mon-ete-2026')
    expect(normalizeTypedSlug('  --Œuvre  d’hiver-- ')).toBe('oeuvre-dhiver')
    expect(normalizeTypedSlug('!!!')).toBe('')
  })

  it('adds a tag only when non-empty and not already present (any case)', () => {
    expect(addTag([], '  Encre ')).toEqual(['Encre'])
    const tags = ['Encre']
    expect(addTag(tags, 'ENCRE')).toBe(tags)
    expect(addTag(tags, '   ')).toBe(tags)
    expect(addTag(tags, 'x'.repeat(51))).toBe(tags)
  })

  it('takes the spec defaults when statut and type are absent', () => {
    const form = new FormData()
    form.set('titre', 'T')
    form.set('contenu', '<p>c</p>')
    const parsed = parseForm(form, articleFormSchema)
    expect(parsed.ok && [parsed.value.statut, parsed.value.type, parsed.value.affiche]).toEqual([
      'brouillon',
      'article',
      false,
    ])
  })
})

describe('page configuration rules', () => {
  it('reads menu_order as an integer with 0 as fallback', () => {
    expect([integerOrZero('12'), integerOrZero(' -3 '), integerOrZero('1.5'), integerOrZero('abc')]).toEqual([
      12, -3, 0, 0,
    ])
    expect([integerOrZero(''), integerOrZero(null), integerOrZero('99999999')]).toEqual([0, 0, 0])
  })

  it('accepts the spec CSS units only', () => {
    const sizes = ['300px', '50vh', '100vw', '1.5rem', '100%', '300', '3em', 'auto', '-1px', '10 px']
    const accepted = sizes.filter((size) => {
      const form = new FormData()
      form.set('id', '00000000-0000-4000-8000-000000000000')
      form.set('image_height', size)
      return parseForm(form, pageConfigFormSchema).ok
    })
    expect(accepted).toEqual(['300px', '50vh', '100vw', '1.5rem', '100%'])
  })
})

describe('checkSetting', () => {
  it('normalises what it accepts', () => {
    expect(checkSetting('button_color', ' #ABC ')).toEqual({ ok: true, value: '#abc' })
    expect(checkSetting('facebook_url', 'http://facebook.com/x')).toEqual({
      ok: true,
      value: 'http://facebook.com/x',
    })
    expect(checkSetting('site_subtitle', '')).toEqual({ ok: true, value: null })
    expect(checkSetting('site_title_image', '/uploads/site/abc-640.webp')).toEqual({
      ok: true,
      value: '/uploads/site/abc-640.webp',
    })
  })

  it('never clears the title type or a font', () => {
    expect(checkSetting('site_title_type', '').ok).toBe(false)
    expect(checkSetting('text_font', '').ok).toBe(false)
  })
})
