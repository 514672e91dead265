import type { EventInput } from '#app/lib/admin/event-schema'
import type { RowCommands } from '#app/services/rows.server'
import { deleteEvent } from './delete-event.server'
import { createEvent, updateEvent } from './save-event.server'
import { setEventVisibility } from './set-event-visibility.server'

/** The timeline event screen's use cases (back-office spec §7 "evenements"), for its `rowIntents`. */
export const eventRows: RowCommands<EventInput> = {
  create: createEvent,
  update: updateEvent,
  remove: deleteEvent,
  setVisibility: setEventVisibility,
}
