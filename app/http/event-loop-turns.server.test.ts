import { describe, expect, it } from 'vitest'
import { TURN_BUDGET_MS, waitForTurn } from './event-loop-turns.server'

/** Keeps the thread busy for `ms`, as rendering an answer does. */
function burn(ms: number): void {
  const end = performance.now() + ms
  while (performance.now() < end) {
    // busy
  }
}

/** Counts the turns of the event loop from now on (a check-phase callback per turn). */
function countTurns() {
  let turn = 0
  let running = true
  const tick = () => {
    turn++
    if (running) setImmediate(tick)
  }
  setImmediate(tick)
  return {
    current: () => turn,
    stop: () => {
      running = false
    },
  }
}

describe('waitForTurn', () => {
  it('lets work through at once while the loop is idle', async () => {
    await new Promise((resolve) => setImmediate(resolve))
    const turns = countTurns()
    const before = turns.current()
    await waitForTurn()
    expect(turns.current()).toBe(before)
    turns.stop()
  })

  it("starts a turn's first work at once even when the process was held up before it", async () => {
    await new Promise((resolve) => setImmediate(resolve))
    const turns = countTurns()
    const before = turns.current()
    const started = waitForTurn()
    // As when the process waits for a core between the request and its turn: longer than the budget.
    burn(TURN_BUDGET_MS * 3)
    await started
    expect(turns.current()).toBe(before)
    turns.stop()
  })

  it('spreads a burst over turns, in arrival order, about one budget of work per turn', async () => {
    await new Promise((resolve) => setImmediate(resolve))
    const turns = countTurns()
    const jobMs = 3
    const ran: Array<{ job: number; turn: number }> = []
    await Promise.all(
      Array.from({ length: 20 }, (_, job) =>
        waitForTurn().then(() => {
          ran.push({ job, turn: turns.current() })
          burn(jobMs)
        }),
      ),
    )
    turns.stop()
    expect(ran.map((entry) => entry.job)).toEqual(Array.from({ length: 20 }, (_, job) => job))
    const perTurn = new Map<number, number>()
    for (const entry of ran) perTurn.set(entry.turn, (perTurn.get(entry.turn) ?? 0) + 1)
    // 20 jobs of 3 ms cannot fit one 8 ms budget: the loop went round between them.
    expect(perTurn.size).toBeGreaterThanOrEqual(Math.floor((20 * jobMs) / (TURN_BUDGET_MS + jobMs)))
    for (const count of perTurn.values())
      expect(count).toBeLessThanOrEqual(Math.ceil(TURN_BUDGET_MS / jobMs) + 1)
  })

  it('lets an I/O callback run between the turns of a burst', async () => {
    await new Promise((resolve) => setImmediate(resolve))
    let timerFiredAfter = -1
    let done = 0
    setTimeout(() => {
      timerFiredAfter = done
    }, 0)
    await Promise.all(
      Array.from({ length: 30 }, () =>
        waitForTurn().then(() => {
          burn(2)
          done++
        }),
      ),
    )
    // Without turns, the timer would wait for all 30 jobs (60 ms of work).
    expect(timerFiredAfter).toBeGreaterThanOrEqual(0)
    expect(timerFiredAfter).toBeLessThan(30)
  })
})
