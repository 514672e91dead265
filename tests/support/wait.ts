import { expect, vi } from 'vitest'

/**
 * Test helper for background work (jobs, outbox): polls `read` every 25 ms until the row it reads
 * has `statut`.
 *
 * @param read - reads the row (an auction, an outgoing e-mail…).
 * @param statut - the awaited value of its `statut` column, e.g. 'envoye'.
 * @param timeoutMs - how long to wait, in ms (default 5000).
 * @returns the row, once it has that statut.
 * @throws the last assertion error (the statut it had) after `timeoutMs`.
 */
export function waitForStatut<Row extends { statut: string } | undefined>(
  read: () => Promise<Row>,
  statut: string,
  timeoutMs = 5_000,
): Promise<Row> {
  return vi.waitFor(
    async () => {
      const row = await read()
      expect(row?.statut).toBe(statut)
      return row
    },
    { timeout: timeoutMs, interval: 25 },
  )
}
