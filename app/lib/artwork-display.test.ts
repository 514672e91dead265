import { describe, expect, it } from 'vitest'
import { wrapIndex } from '#app/components/enhance/gallery'
import {
  artworkCountLabel,
  artworkImageUrls,
  artworkStatutLabel,
  cleanTags,
  firstArtworkImageUrl,
  isPriceShown,
  splitTags,
} from './artwork-display'

const noImages = {
  image1_url: null,
  image2_url: null,
  image3_url: null,
  image4_url: null,
  image5_url: null,
  image6_url: null,
  image7_url: null,
  image8_url: null,
  image9_url: null,
  image10_url: null,
}

describe('artwork images', () => {
  it('keeps image1 … image10 in order, skipping empty ones', () => {
    const artwork = {
      ...noImages,
      image2_url: '/b.jpg',
      image5_url: ' ',
      image7_url: '/g.jpg',
      image10_url: '/j.jpg',
    }
    expect(artworkImageUrls(artwork)).toEqual(['/b.jpg', '/g.jpg', '/j.jpg'])
    expect(firstArtworkImageUrl(artwork)).toBe('/b.jpg')
  })

  it('has no first image when every column is empty', () => {
    expect(firstArtworkImageUrl(noImages)).toBeNull()
    expect(artworkImageUrls({ ...noImages, image1_url: '' })).toEqual([])
  })
})

describe('splitTags', () => {
  it('shows the first 2 tags and counts the rest', () => {
    expect(splitTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b'], hiddenCount: 3 })
  })

  it('shows every tag when there are 2 or fewer, ignoring blank ones', () => {
    expect(splitTags(['a', ' ', 'b'])).toEqual({ shown: ['a', 'b'], hiddenCount: 0 })
    expect(splitTags([])).toEqual({ shown: [], hiddenCount: 0 })
  })
})

describe('labels', () => {
  it('counts artworks in French', () => {
    expect(artworkCountLabel(0)).toBe('0 œuvre')
    expect(artworkCountLabel(1)).toBe('1 œuvre')
    expect(artworkCountLabel(12)).toBe('12 œuvres')
  })

  it.each([
    ['disponible', 'Disponible'],
    ['vendu', 'Vendu'],
    ['collection privée', 'Collection privée'],
    ['me contacter', 'Me contacter'],
  ] as const)('names the statut %s %j', (statut, label) => {
    expect(artworkStatutLabel(statut)).toBe(label)
  })

  it('shows a price only for an available artwork that has one', () => {
    expect(isPriceShown('disponible', '120.00')).toBe(true)
    expect(isPriceShown('disponible', null)).toBe(false)
    expect(isPriceShown('vendu', '120.00')).toBe(false)
    expect(isPriceShown('me contacter', '120.00')).toBe(false)
  })
})

describe('wrapIndex', () => {
  it('wraps around both ends', () => {
    expect(wrapIndex(6, 1, 7)).toBe(0)
    expect(wrapIndex(0, -1, 7)).toBe(6)
    expect(wrapIndex(2, 1, 7)).toBe(3)
    expect(wrapIndex(0, 1, 1)).toBe(0)
  })
})

describe('cleanTags', () => {
  it('trims, drops blanks and repeats, keeping the order', () => {
    expect(cleanTags([' zen', 'noir', '', 'zen ', 'papier'])).toEqual(['zen', 'noir', 'papier'])
  })
})
