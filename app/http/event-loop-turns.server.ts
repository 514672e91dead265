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
 * can run somewhat over; a smaller budget means more turns a second (each a system call), and a
 * batch's commit read sooner: at saturation on PostgreSQL, 4 ms against 8 gave 10.6 accepted bids/s
 * against 8.7 for the same requests/s, and live events no later (2026-11-26).
 */
export const TURN_BUDGET_MS = 4

const waiting: Array<() => void> = []
let pumping = false
/** performance.now() when the current turn's first piece of work started. */
let turnStart = 0
/** Whether {@link turnStart} belongs to the current turn (until its check phase). */
let turnOpen = false
/** Waiting work started in the current turn. */
let startedInTurn = 0

function closeTurn(): void {
  turnOpen = false
}

/** Marks the current turn as begun, once: it ends at this turn's check phase. */
function openTurn(): void {
  if (turnOpen) return
  turnOpen = true
  turnStart = performance.now()
  startedInTurn = 0
  setImmediate(closeTurn)
}

function pump(): void {
  turnOpen = false
  openTurn()
  startNext()
}

function startNext(): void {
  if (waiting.length === 0) {
    pumping = false
    return
  }
  // The turn's first work always starts: the time since the turn began may be another thread's
  // (the process waited for a core), not this turn's work.
  if (startedInTurn > 0 && performance.now() - turnStart > TURN_BUDGET_MS) {
    // In the check phase of this turn, or of the next when called from one: after the I/O.
    setImmediate(pump)
    return
  }
  startedInTurn++
  waiting.shift()?.()
  // After the microtasks the started work queued: what it does before its next real wait counts.
  queueMicrotask(startNext)
}

/**
 * Waits for this request's turn, in arrival order: at once (in the same turn of the event loop)
 * when it is the turn's first or this turn has spent less than {@link TURN_BUDGET_MS} on started
 * work, otherwise in the next turns, at most {@link TURN_BUDGET_MS} of started work per turn.
 *
 * @returns a promise resolved when the caller may do its work.
 */
export function waitForTurn(): Promise<void> {
  openTurn()
  return new Promise((resolve) => {
    waiting.push(resolve)
    if (pumping) return
    pumping = true
    queueMicrotask(startNext)
  })
}
