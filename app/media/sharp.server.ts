import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | undefined

/**
 * sharp, loaded on first use and configured once for a small server (issue #8 §3: start-up time
 * and memory — the web process loads libvips only when it first encodes an image). libvips keeps,
 * by default, a cache of recent operations (up to 50 MB and 100 operations) and runs as many
 * threads per image as there are cores; a web process encodes an image now and then (uploads, the
 * demo seed), so the cache only holds memory that is never reused, and one thread per image is
 * enough (the callers already run two encodes at a time, one per core of the reference machine).
 * Every module of the app gets sharp from here.
 *
 * @returns sharp's default export, the same for every caller.
 * @throws what loading sharp's native module throws (the next call tries again).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(
    ({ default: sharp }) => {
      sharp.cache(false)
      sharp.concurrency(1)
      return sharp
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

export type { OutputInfo } from 'sharp'
