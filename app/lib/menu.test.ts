import { describe, expect, it } from 'vitest'
import { isMenuEntryActive } from './menu'

describe('isMenuEntryActive (public spec §2: home exact, others by prefix)', () => {
  it('matches the home entry only on the home path', () => {
    expect(isMenuEntryActive('/', '/')).toBe(true)
    expect(isMenuEntryActive('/', '/blog')).toBe(false)
  })

  it('matches other entries by path prefix on a segment boundary', () => {
    expect(isMenuEntryActive('/blog', '/blog')).toBe(true)
    expect(isMenuEntryActive('/blog', '/blog/mon-article')).toBe(true)
    expect(isMenuEntryActive('/blog', '/blogue')).toBe(false)
    expect(isMenuEntryActive('/portfolio', '/portfolio/oeuvre/1')).toBe(true)
    expect(isMenuEntryActive('/portfolio/', '/portfolio')).toBe(true)
  })
})
