import type { DragEndEvent } from '@dnd-kit/core'
import { describe, expect, it } from 'vitest'
import { droppedOrder } from './sortable'

const drop = (active: string, over: string | null) =>
  ({ active: { id: active }, over: over === null ? null : { id: over } }) as unknown as DragEndEvent

describe('droppedOrder', () => {
  it('moves the dragged id to the place of the one it was dropped on, either way', () => {
    expect(droppedOrder(['a', 'b', 'c', 'd'], drop('a', 'c'))).toEqual(['b', 'c', 'a', 'd'])
    expect(droppedOrder(['a', 'b', 'c', 'd'], drop('d', 'b'))).toEqual(['a', 'd', 'b', 'c'])
  })

  it('answers null when dropped outside or on itself', () => {
    expect(droppedOrder(['a', 'b'], drop('a', null))).toBeNull()
    expect(droppedOrder(['a', 'b'], drop('b', 'b'))).toBeNull()
  })
})
