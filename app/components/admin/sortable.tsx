import { type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core'
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable'

/**
 * The drag sensors of the back-office's sortable lists (back-office spec §4, §5: the artwork's
 * images, the studio photos): the pointer once moved 5 px (a click on a handle stays a click), and
 * the keyboard (Space or Enter to pick up, arrows to move, Space or Enter to drop, Escape to cancel).
 */
export function useSortableSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
}

/**
 * The order after a drop: the dragged id moved to the place of the one it was dropped on.
 *
 * @param ids - the current order.
 * @param drop - dnd-kit's drag-end event.
 * @returns the new order, or null when nothing moved (dropped outside, or on itself).
 */
export function droppedOrder(ids: ReadonlyArray<string>, { active, over }: DragEndEvent): string[] | null {
  if (!over || active.id === over.id) return null
  return arrayMove([...ids], ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
}
