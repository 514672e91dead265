import { and, eq, inArray } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { categories, oeuvres } from '#app/db/schema'
import { ENQUIRY_STATUTS } from '#app/lib/artwork-display'
import { isUuid } from '#app/lib/ids'
import { isPublicArtwork } from './get-public-artwork.server'

/** An artwork a visitor asks about: its id and name. */
export type EnquiryArtwork = { id: string; nom: string }

/**
 * The artwork a contact message may be about (issue #11 §4): displayed (and its category too, as
 * on its page, public spec §4) with statut 'disponible' or 'me contacter'.
 *
 * @param artworkId - the `oeuvre` parameter or field, unchecked (a malformed id is null).
 * @returns its id and name, or null when it is unknown, hidden, or not one to ask about.
 */
export async function getEnquiryArtwork(
  artworkId: string | null | undefined,
  executor: Executor = getDb(),
): Promise<EnquiryArtwork | null> {
  if (!isUuid(artworkId)) return null
  const [row] = await executor
    .select({ id: oeuvres.id, nom: oeuvres.nom })
    .from(oeuvres)
    .leftJoin(categories, eq(categories.id, oeuvres.categorie_id))
    .where(and(eq(oeuvres.id, artworkId), inArray(oeuvres.statut, [...ENQUIRY_STATUTS]), isPublicArtwork))
    .limit(1)
  return row ?? null
}
