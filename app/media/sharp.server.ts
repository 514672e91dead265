import sharp from 'sharp'

/**
 * sharp, configured once for a small server (issue #8 §3, memory). libvips keeps, by default, a
 * cache of recent operations (up to 50 MB and 100 operations) and runs as many threads per image
 * as there are cores; a web process encodes an image now and then (uploads, the demo seed), so the
 * cache only holds memory that is never reused, and one thread per image is enough (the callers
 * already run two encodes at a time, one per core of the reference machine).
 * Every module of the app imports sharp from here.
 */
sharp.cache(false)
sharp.concurrency(1)

export default sharp
export type { OutputInfo } from 'sharp'
