/**
 * Work shared out across turns of the event loop (issue #10 §2, decision 018).
 *
 * Node's event loop accepts at most one new connection per turn (libuv's `uv__server_io`), and
 * runs its timers once per turn. In a bidding war, hundreds of bid requests arrive in the same turn;
 * if they are all answered in it, the turn lasts hundreds of milliseconds: a visitor opening a new
 * connection waits seconds in the accept queue behind the others, and the live stream's broadcast
 * timer fires late. Requests that wait here for their turn start at most
 * {@link TURN_BUDGET_MS} of work per turn, in arrival order; the loop goes round in between
 * (accepting, reading, firing timers).
 */

/**
 * Time a turn may spend starting waiting work, in ms. Work started runs to its next wait, so a turn
 * can run somewhat over; a smaller budget means more turns a second (each a system call).
 */
export const TURN_BUDGET_MS = 8

const waiting: Array<() => void> = []
let scheduled = false
let turnStart = 0

function startTurn(): void {
  turnStart = performance.now()
  startNext()
}

function startNext(): void {
  if (waiting.length === 0) {
    scheduled = false
    return
  }
  if (performance.now() - turnStart > TURN_BUDGET_MS) {
    // Called from the check phase, so this runs in the loop's next turn, after its I/O.
    setImmediate(startTurn)
    return
  }
  waiting.shift()?.()
  // After the microtasks the started work queued: what it does before its next real wait counts.
  queueMicrotask(startNext)
}

/**
 * Waits for this request's turn: resolves in arrival order, at most {@link TURN_BUDGET_MS} of
 * started work per turn of the event loop (a few microseconds when nothing else waits).
 *
 * @returns a promise resolved when the caller may do its work.
 */
export function waitForTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (scheduled) return
    scheduled = true
    setImmediate(startTurn)
  })
}
