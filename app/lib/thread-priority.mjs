// @ts-check
/**
 * CPU priority of the calling thread (decision 033). Plain JavaScript, so that the worker threads
 * and child processes started from plain scripts (no TypeScript loader) can import it.
 */
import fs from 'node:fs'
import os from 'node:os'

/**
 * Lowers the calling thread's CPU priority by `steps` nice steps (at most to 19). On Linux the
 * nice value belongs to each thread, and setpriority(2) given a thread's id changes that thread
 * alone; the id is read from /proc/thread-self. Elsewhere (no /proc), or when the system refuses,
 * the thread keeps its priority: a slower machine's work still gets done.
 *
 * @param {number} steps - nice steps, 0 to 19; 0 or less does nothing.
 * @returns {boolean} whether the priority was lowered.
 */
export function lowerThreadPriority(steps) {
  if (steps <= 0) return false
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
    os.setPriority(threadId, Math.min(19, os.getPriority(threadId) + steps))
    return true
  } catch {
    return false
  }
}
