import { afterEach, describe, expect, it, vi } from 'vitest'
import { startPeriodicTask } from './periodic-task.server'

afterEach(() => {
  vi.useRealTimers()
})

describe('startPeriodicTask', () => {
  it('runs first after the delay, then at each period, never twice at once, and not after stop', async () => {
    vi.useFakeTimers()
    let finish: () => void = () => undefined
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const stop = startPeriodicTask({ firstDelayMs: 1_000, everyMs: 5_000, failure: 'Échec', task })

    await vi.advanceTimersByTimeAsync(999)
    expect(task).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(task).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(task).toHaveBeenCalledTimes(1)
    finish()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(task).toHaveBeenCalledTimes(2)
    finish()
    stop()
    await vi.advanceTimersByTimeAsync(20_000)
    expect(task).toHaveBeenCalledTimes(2)
  })

  it('goes on after a failing pass', async () => {
    vi.useFakeTimers()
    const task = vi.fn().mockRejectedValueOnce(new Error('disque plein')).mockResolvedValue(undefined)
    const stop = startPeriodicTask({ firstDelayMs: 10, everyMs: 100, failure: 'Échec', task })

    await vi.advanceTimersByTimeAsync(110)
    stop()
    expect(task).toHaveBeenCalledTimes(2)
  })
})
