import { describe, expect, it } from 'vitest'
import { isSlug, slugify } from './slug'

describe('slugify (back-office spec §5)', () => {
  it.each([
    [
      'lowercases, drops punctuation and turns spaces into hyphens',
      '  Le Geste, la Trace !  ',
      'le-geste-la-trace',
    ],
    [
      'keeps French words readable by removing accents first',
      'Été à Kyōto : l’encre et le cœur',
      'ete-a-kyoto-lencre-et-le-coeur',
    ],
    ['collapses repeated spaces', 'a   b', 'a-b'],
  ])('%s', (_rule, title, slug) => {
    expect(slugify(title)).toBe(slug)
  })
})

describe('isSlug', () => {
  it.each([
    ['le-geste-2024', true],
    ['choisir-ses-pinceaux--poil-de-chvre-ou-de-loup-', true],
    ['---', false],
    ['../etc', false],
    ["x' or 1=1", false],
    ['a'.repeat(201), false],
    ['', false],
  ])('%j → %s', (value, isValid) => {
    expect(isSlug(value)).toBe(isValid)
  })
})
