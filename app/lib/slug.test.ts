import { describe, expect, it } from 'vitest'
import { isSlug, slugify } from './slug'

describe('slugify (back-office spec §5)', () => {
  it('lowercases, drops punctuation and turns spaces into hyphens', () => {
    expect(slugify('  Le Geste, la Trace !  ')).toBe('le-geste-la-trace')
  })

  it('keeps French words readable by removing accents first', () => {
    expect(slugify('Été à Kyōto : l’encre et le cœur')).toBe('ete-a-kyoto-lencre-et-le-coeur')
  })

  it('collapses repeated spaces', () => {
    expect(slugify('a   b')).toBe('a-b')
  })
})

describe('isSlug', () => {
  it('accepts slugs and refuses anything else', () => {
    expect(isSlug('le-geste-2024')).toBe(true)
    expect(isSlug('../etc')).toBe(false)
    expect(isSlug("x' or 1=1")).toBe(false)
    expect(isSlug('a'.repeat(201))).toBe(false)
    expect(isSlug('')).toBe(false)
  })
})
