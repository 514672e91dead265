import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { ReactNode } from 'react'

/**
 * The drag sensors of the back-office's sortable lists (back-office spec §4, §5: the artwork's
 * images, the studio photos): the pointer once moved 5 px (a click on a handle stays a click), and
 * the keyboard (Space or Enter to pick up, arrows to move, Space or Enter to drop, Escape to cancel).
 */
function useSortableSensors() {
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

/**
 * A list the back-office reorders by dragging handles (back-office spec §4, §5: the artwork's
 * images, the studio photos), with the mouse, touch or the keyboard (focus a handle, Space or
 * Enter, arrows, Space or Enter; Escape cancels), with French screen-reader texts. Its items call
 * {@link useSortableItem}.
 *
 * @param ids - the items' ids, in the order shown.
 * @param layout - 'grid' (arrows in two dimensions) or 'column' (up and down).
 * @param announcements - what a screen reader says while dragging (positions counted from 1).
 * @param instructions - what a screen reader says on a handle.
 * @param onReorder - the new order after a drop that moved something.
 * @param children - the list element holding the items.
 */
export function SortableList({
  id,
  ids,
  layout,
  announcements,
  instructions,
  onReorder,
  children,
}: {
  id?: string
  ids: string[]
  layout: 'grid' | 'column'
  announcements: Announcements
  instructions: string
  onReorder: (next: string[]) => void
  children: ReactNode
}) {
  const sensors = useSortableSensors()
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={(drop) => {
        const next = droppedOrder(ids, drop)
        if (next) onReorder(next)
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  )
}

/**
 * One item of a {@link SortableList}: spread `item` on its element and `handle` on its drag
 * button (keyboard and pointer start there); `isDragging` while it moves.
 *
 * @param id - the item's id, as in the list's `ids`.
 */
export function useSortableItem(id: string) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id })
  return {
    item: { ref: setNodeRef, style: { transform: CSS.Transform.toString(transform), transition } },
    handle: { ref: setActivatorNodeRef, ...attributes, ...listeners },
    isDragging,
  }
}
