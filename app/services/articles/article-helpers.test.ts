import { describe, expect, it } from 'vitest'
import { parseArticleTypeFilter, sortArticleTypes } from '#app/lib/article-types'
import { isCountableView } from './increment-article-views.server'

describe('parseArticleTypeFilter', () => {
  it('reads absent or empty as every type, a stored type as itself, anything else as unknown', () => {
    expect(parseArticleTypeFilter(null)).toEqual({ kind: 'all' })
    expect(parseArticleTypeFilter('  ')).toEqual({ kind: 'all' })
    expect(parseArticleTypeFilter('tutorial')).toEqual({ kind: 'type', type: 'tutorial' })
    expect(parseArticleTypeFilter('Tutoriel')).toEqual({ kind: 'unknown' })
    expect(parseArticleTypeFilter('toString')).toEqual({ kind: 'unknown' })
    expect(parseArticleTypeFilter('__proto__')).toEqual({ kind: 'unknown' })
  })
})

describe('sortArticleTypes', () => {
  it('orders types like the filter labels and drops duplicates', () => {
    expect(sortArticleTypes(['technique', 'article', 'news', 'article'])).toEqual([
      'article',
      'news',
      'technique',
    ])
  })
})

describe('isCountableView', () => {
  const chrome =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
  const request = (init: RequestInit) => new Request('http://localhost/blog/x', init)

  it('counts a browser GET', () => {
    expect(isCountableView(request({ headers: { 'user-agent': chrome } }))).toBe(true)
  })

  it('does not count HEAD, crawlers or prefetches', () => {
    expect(isCountableView(request({ method: 'HEAD', headers: { 'user-agent': chrome } }))).toBe(false)
    expect(
      isCountableView(request({ headers: { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' } })),
    ).toBe(false)
    expect(isCountableView(request({ headers: { 'user-agent': chrome, 'sec-purpose': 'prefetch' } }))).toBe(
      false,
    )
    expect(isCountableView(request({ headers: { 'user-agent': chrome, purpose: 'prefetch' } }))).toBe(false)
  })
})
