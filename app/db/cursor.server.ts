import { performance } from 'node:perf_hooks'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { type SQL, sql } from 'drizzle-orm'
import { type Executor, queryRows } from './client.server'

/** How a {@link readInChunks} sizes its chunks. */
export type ChunkLimits = {
  /** Time one FETCH may take, in ms (default 10): PGlite runs it on the event loop's thread. */
  targetMs?: number
  /** Bytes one chunk may hold, as `bytesOf` counts them (default 1 MiB). */
  targetBytes?: number
  /** Rows of the first chunk (default 500), then halved or doubled between 10 and `maxRows`. */
  firstRows?: number
  /** Most rows in one chunk (default 10,000). */
  maxRows?: number
  /** Size of a chunk's rows in bytes (default: not counted, only time bounds the chunks). */
  bytesOf?: (rows: Record<string, unknown>[]) => number
}

let cursors = 0

/**
 * Reads the rows of `query` through a server-side cursor (SQL `DECLARE … CURSOR`, both engines),
 * a chunk at a time, and hands each chunk to `onChunk` before fetching the next, so that memory
 * holds one chunk whatever the table's size (issue #35 §4). The chunk's size adapts: halved when a
 * FETCH took more than `targetMs` or its rows more than `targetBytes`, doubled when well under
 * both. Between chunks the event loop gets a turn (`setImmediate`): on PGlite a query runs on the
 * event loop's own thread, so requests are answered between two chunks.
 *
 * @param tx - an open transaction (a cursor lives until its transaction ends); a savepoint
 *   (a transaction of a transaction) is fine.
 * @param query - the SELECT to read, without LIMIT.
 * @param onChunk - receives each non-empty chunk, in order; awaited before the next FETCH.
 * @returns the number of rows read.
 * @throws the database's error, or `onChunk`'s.
 */
export async function readInChunks<T extends Record<string, unknown>>(
  tx: Executor,
  query: SQL,
  onChunk: (rows: T[]) => unknown,
  limits: ChunkLimits = {},
): Promise<number> {
  const { targetMs = 10, targetBytes = 1 << 20, firstRows = 500, maxRows = 10_000, bytesOf } = limits
  const cursor = sql.identifier(`encre_lecture_${++cursors}`)
  await tx.execute(sql`declare ${cursor} no scroll cursor for ${query}`)
  let size = firstRows
  let total = 0
  for (;;) {
    const started = performance.now()
    const rows = await queryRows<T>(tx, sql`fetch ${sql.raw(String(size))} from ${cursor}`)
    const elapsed = performance.now() - started
    if (rows.length === 0) break
    total += rows.length
    const bytes = bytesOf ? bytesOf(rows) : 0
    await onChunk(rows)
    if (rows.length < size) break
    if (elapsed > targetMs || bytes > targetBytes) size = Math.max(10, Math.floor(size / 2))
    else if (elapsed < targetMs / 3 && bytes < targetBytes / 3) size = Math.min(maxRows, size * 2)
    await nextTurn()
  }
  await tx.execute(sql`close ${cursor}`)
  return total
}
