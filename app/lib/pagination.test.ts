import { describe, expect, it } from 'vitest'
import {
  countLabel,
  formatCount,
  pageHref,
  pageNumbers,
  pageWindow,
  parsePageParam,
} from '#app/lib/pagination'

describe('parsePageParam', () => {
  it('reads page 1 from an absent or empty parameter, and a plain number as itself', () => {
    expect(parsePageParam(new URLSearchParams(''))).toBe(1)
    expect(parsePageParam(new URLSearchParams('page='))).toBe(1)
    expect(parsePageParam(new URLSearchParams('page=7'))).toBe(7)
  })
  it('answers null for a malformed page', () => {
    for (const value of ['0', '-1', 'abc', '1.5', '01', '2e3', '99999999'])
      expect(parsePageParam(new URLSearchParams({ page: value })), value).toBeNull()
  })
})

describe('pageWindow', () => {
  it('gives the rows of a page and whether it exists', () => {
    expect(pageWindow(2, 12, 30)).toEqual({
      limit: 12,
      offset: 12,
      info: { page: 2, pageSize: 12, total: 30, pageCount: 3 },
      exists: true,
    })
    expect(pageWindow(3, 12, 30).exists).toBe(true)
    expect(pageWindow(4, 12, 30).exists).toBe(false)
  })
  it('has one page, which exists, for an empty list', () => {
    expect(pageWindow(1, 12, 0)).toMatchObject({ exists: true, info: { pageCount: 1, total: 0 } })
    expect(pageWindow(2, 12, 0).exists).toBe(false)
  })
})

describe('pageHref', () => {
  it('keeps the filters and drops page 1', () => {
    const params = new URLSearchParams('type=actualite&page=3')
    expect(pageHref('/blog', params, 1)).toBe('/blog?type=actualite')
    expect(pageHref('/blog', params, 2)).toBe('/blog?type=actualite&page=2')
    expect(pageHref('/blog', new URLSearchParams(), 1)).toBe('/blog')
  })
})

describe('pageNumbers', () => {
  it('shows the ends and the neighbours, gaps as null', () => {
    expect(pageNumbers(6, 20)).toEqual([1, null, 5, 6, 7, null, 20])
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3])
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageNumbers(1, 1)).toEqual([1])
  })
})

describe('countLabel', () => {
  it('writes French counts with spaced thousands', () => {
    expect(countLabel(3015, 'œuvre', 'œuvres')).toBe('3\u00a0015 œuvres')
    expect(countLabel(1, 'œuvre', 'œuvres')).toBe('1 œuvre')
    expect(countLabel(0, 'message', 'messages')).toBe('0 message')
    expect(formatCount(1_600_470)).toBe('1\u00a0600\u00a0470')
    expect(formatCount(4235)).toBe('4\u00a0235')
  })
})
