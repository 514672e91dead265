import type { Executor } from '#app/db/client.server'
import { oeuvres } from '#app/db/schema'
import { setRowFlag } from '#app/services/rows.server'
import { ARTWORK_GONE } from './create-artwork.server'

/**
 * Shows or hides an artwork on the public site in one click (back-office spec §3 affichee; public
 * spec §4: a hidden artwork leaves its category page and its own page answers 404).
 *
 * @param id - the artwork id (anything; a malformed id is "not found").
 * @param affichee - true to show, false to hide.
 * @throws UseCaseError not-found when no artwork has this id.
 */
export function setArtworkVisibility(id: string, affichee: boolean, executor?: Executor): Promise<void> {
  return setRowFlag(oeuvres, id, { affichee }, ARTWORK_GONE, executor)
}
