import { z } from 'zod'

/**
 * Single-line text fields of the public forms (public spec §5 "Contact", "Bid"): trimmed, inner
 * spaces and line breaks collapsed to one space (the value may go into an e-mail subject), with the
 * forms' French messages. Zod 4 runs `trim` and `overwrite` as checks, in order, so the length
 * checks see the cleaned value. (No `.pipe()`: Conform turns every empty string in the tree into
 * undefined, inner ones included.)
 */

const collapseSpaces = (value: string) => value.replace(/\s+/g, ' ')

/**
 * The French refusal of a too long value, e.g. 'Le nom ne doit pas dépasser 200 caractères'.
 *
 * @param label - the field's subject, e.g. 'Le nom'.
 * @param max - the longest accepted length, in characters (written the French way: 5 000).
 */
export function tooLong(label: string, max: number): string {
  return `${label} ne doit pas dépasser ${max.toLocaleString('fr-FR')} caractères`
}

/**
 * A required single-line text.
 *
 * @param missing - the message when empty, e.g. 'Veuillez indiquer votre nom'.
 * @param label - the subject of {@link tooLong}.
 * @param max - the longest accepted length, in characters.
 */
export function requiredLine(missing: string, label: string, max: number) {
  return z
    .string({ error: missing })
    .trim()
    .overwrite(collapseSpaces)
    .min(1, missing)
    .max(max, tooLong(label, max))
}

/** An optional single-line text (absent when not sent); `label` and `max` as {@link requiredLine}. */
export function optionalLine(label: string, max: number) {
  return z.string().trim().overwrite(collapseSpaces).max(max, tooLong(label, max)).optional()
}
