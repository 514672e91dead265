import { describe, expect, it } from 'vitest'
import { makeMain } from './artwork-images-field'

describe("'Définir principale'", () => {
  it('swaps the chosen image with the main one, leaving the others in place', () => {
    expect(makeMain(['a', 'b', 'c', 'd'], 2)).toEqual(['c', 'b', 'a', 'd'])
  })

  it('changes nothing for the main image itself or an index out of range', () => {
    expect(makeMain(['a', 'b'], 0)).toEqual(['a', 'b'])
    expect(makeMain(['a', 'b'], 5)).toEqual(['a', 'b'])
  })
})
