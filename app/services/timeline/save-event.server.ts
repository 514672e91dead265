import { getDb } from '#app/db/client.server'
import { evenements } from '#app/db/schema'
import type { EventInput } from '#app/lib/admin/event-schema'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { updateRowWithImage } from '#app/services/rows.server'

/** What the screen says when the row it works on was deleted meanwhile. */
export const EVENT_GONE = "Cet événement n'existe plus."

function rowValues(input: EventInput) {
  return {
    date_evenement: input.date_evenement,
    // back-office spec §5: annee derives from the date.
    annee: Number(input.date_evenement.slice(0, 4)),
    titre: input.titre,
    description: sanitizeOptionalRichText(input.description),
    type: input.type,
    image_url: input.image_url,
    affiche: input.affiche,
    ordre: input.ordre,
    lieu: input.lieu,
    lieu_adresse: input.lieu_adresse,
  }
}

/**
 * Creates a timeline event (back-office spec §3 "Timeline event", §5, §7 "evenements: insert").
 * annee is the year of date_evenement; the description is sanitized on write.
 *
 * @param input - the validated form (eventSchema, app/lib/admin/event-schema.ts).
 * @returns the new event's id.
 */
export async function createEvent(input: EventInput): Promise<string> {
  const [row] = await getDb().insert(evenements).values(rowValues(input)).returning({ id: evenements.id })
  if (!row) throw new Error("L'événement n'a pas pu être créé.")
  return row.id
}

/**
 * Replaces every field of a timeline event (back-office spec §7 "evenements: update by id"). When
 * the image was replaced or removed, the old file is deleted once no row uses it (issue #3 §4).
 *
 * @param id - evenements.id (a UUID).
 * @param input - the validated form.
 * @throws UseCaseError not-found when no event has this id (nothing changed).
 */
export function updateEvent(id: string, input: EventInput): Promise<void> {
  return updateRowWithImage(evenements, id, rowValues(input), EVENT_GONE)
}
