import { describe, expect, it } from 'vitest'
import { appearanceCssVariables, copyrightLine, fontsInUse, resolveAppearance } from './appearance'

describe('resolveAppearance (public spec §3 defaults)', () => {
  it('applies the spec defaults to empty settings', () => {
    const appearance = resolveAppearance({})
    expect(appearance).toMatchObject({
      titleType: 'text',
      titleImageWidth: '200px',
      titleImageHeight: '80px',
      titleImageWidthMobile: '150px',
      titleImageHeightMobile: '50px',
      footerBgColor: '#1f2937',
      titleFont: 'Inter',
      titleFontSize: '2rem',
      textFontSize: '1rem',
      buttonColor: '#0ea5e9',
      buttonRadius: '0.375rem',
      buttonFontSize: '0.875rem',
      social: [],
    })
    expect(copyrightLine(appearance, 2026)).toBe('© 2026 Encre. Tous droits réservés.')
  })

  it('uses the settings, and refuses values that would break the style sheet', () => {
    const appearance = resolveAppearance({
      site_title: 'Inès',
      button_color: '#123456',
      title_font: 'Lora',
      text_font: 'Comic Sans',
      title_font_size: '3rem; } body { display:none',
      button_radius: '12',
      instagram_url: 'https://instagram.com/ines',
      facebook_url: 'javascript:alert(1)',
    })
    expect(appearance.siteTitle).toBe('Inès')
    expect(appearance.buttonColor).toBe('#123456')
    expect(appearance.titleFont).toBe('Lora')
    expect(appearance.textFont).toBe('Inter')
    expect(appearance.titleFontSize).toBe('2rem')
    expect(appearance.buttonRadius).toBe('12px')
    expect(appearance.social).toEqual([{ label: 'Instagram', url: 'https://instagram.com/ines' }])
    expect(fontsInUse(appearance)).toEqual(['Lora', 'Inter'])
    expect(appearanceCssVariables(appearance)['--font-title']).toBe("'Lora', 'Lora Fallback', Georgia, serif")
    expect(appearanceCssVariables(appearance)['--font-title-fallback']).toBe(
      "'Lora Fallback', Georgia, serif",
    )
  })

  it('shows the title as an image only when an image is set', () => {
    expect(resolveAppearance({ site_title_type: 'image' }).titleType).toBe('text')
    expect(
      resolveAppearance({ site_title_type: 'image', site_title_image: '/uploads/site/t.webp' }).titleType,
    ).toBe('image')
  })

  it('keeps a custom copyright text', () => {
    expect(copyrightLine(resolveAppearance({ copyright_text: '© Atelier Inès' }), 2026)).toBe(
      '© Atelier Inès',
    )
  })
})
