import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import type { RowToasts } from './row-toasts'

/**
 * The field builders every back-office form schema is made of (issue #9 §1: one reader per kind of
 * field). Forms post strings: each builder coerces as back-office spec §5 says, and refuses with a
 * French message.
 */

/** A form integer falling back to 0 when empty or not numeric, kept within ±1,000,000 (spec §5). */
export const integerOrZero = z.preprocess((value) => {
  const parsed = Number.parseInt(String(value ?? ''), 10)
  return Number.isFinite(parsed) ? Math.max(-1_000_000, Math.min(1_000_000, parsed)) : 0
}, z.number().int())

/** A checkbox or switch: 'on' / 'true' means checked, anything else (or absent) unchecked. */
export const checkbox = z.preprocess((value) => value === 'on' || value === 'true', z.boolean())

/** A one-click toggle's new value ('true' / 'false'), as the visibility switches send it. */
export const toggleValue = z
  .enum(['true', 'false'], { error: 'Valeur invalide.' })
  .transform((value) => value === 'true')

/**
 * Optional text: line breaks as \n (forms post \r\n), trimmed, '' or absent → null.
 *
 * @param max - longest accepted length, in characters.
 * @param message - the French refusal when longer.
 */
export function optionalText(max: number, message: string) {
  return z
    .string()
    .max(max, message)
    .optional()
    .transform((value) => value?.replace(/\r\n?/g, '\n').trim() || null)
}

/**
 * A required one-line text (a title, a name): trimmed, not empty, at most `max` characters.
 *
 * @param max - longest accepted length, in characters.
 * @param subject - the French subject of the messages, e.g. 'Le titre' → 'Le titre est obligatoire',
 *   'Le titre ne doit pas dépasser 200 caractères'.
 */
export function requiredText(max: number, subject: string) {
  const missing = `${subject} est obligatoire`
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${subject} ne doit pas dépasser ${max} caractères`)
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Whether a "YYYY-MM-DD" text is a real calendar day with a 4-digit year (1000–9999): '2024-02-30'
 * and '0999-01-01' are not.
 *
 * @param value - the text to check.
 * @returns true for a real day; false otherwise (never throws).
 */
export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1000) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * An image address from the upload field: an uploaded file on local disk (/uploads/…) or an
 * http(s) address — a file in the S3 bucket (`S3_PUBLIC_URL/…`, decision 019) or elsewhere.
 */
export const IMAGE_URL_PATTERN = /^(?:\/uploads\/[\w./-]+|https?:\/\/\S+)$/i

/**
 * An image field as posted: trimmed, at most 2000 characters, '' (no image) or an address matching
 * {@link IMAGE_URL_PATTERN}; refused with "L'adresse de l'image est invalide." otherwise.
 */
export const imageUrlField = z
  .string()
  .trim()
  .max(2000, "L'adresse de l'image est trop longue.")
  .refine((value) => value === '' || IMAGE_URL_PATTERN.test(value), "L'adresse de l'image est invalide.")

/** An optional image field ({@link imageUrlField}): absent or '' → null. */
export const optionalImageUrl = imageUrlField.optional().transform((value) => value || null)

/**
 * A repeated form field (`ids`, `urls`…): Conform gives one value as a string and several as an
 * array; both become an array ('' or absent → []).
 *
 * @param item - the schema of one value.
 * @returns a schema of the array.
 */
export function repeated<Item extends z.ZodType>(item: Item) {
  return z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]),
    z.array(item),
  )
}

/**
 * A form schema whose text fields read as '' when the browser did not send them (a form posted by
 * hand, an older page): each field of `schema` absent from the input becomes '', but those named in
 * `keep`, whose absence means something (a switch's default, a list).
 *
 * @param schema - the form's object schema.
 * @param keep - fields left absent when absent.
 * @returns the schema, reading absent fields as ''.
 */
export function withBlanks<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  keep: ReadonlyArray<keyof Shape & string> = [],
) {
  const blanks = Object.keys(schema.shape).filter((name) => !keep.includes(name))
  return z.preprocess((input) => {
    if (typeof input !== 'object' || input === null) return input
    const filled: Record<string, unknown> = { ...input }
    for (const name of blanks) filled[name] ??= ''
    return filled
  }, schema)
}

/**
 * The `id` field of an update, delete or toggle intent: a UUID.
 *
 * @param message - the French refusal, e.g. 'Saison introuvable.'.
 * @returns a schema of `{ id }`.
 */
export function rowIdSchema(message: string) {
  return z.object({ id: z.uuid({ error: message }) })
}

/**
 * A one-click visibility intent (`set-visibility`): the row's id and the new value of its column.
 *
 * @param column - the form field, e.g. 'affichee', 'visible' or 'publie'.
 * @param message - the French refusal of a malformed id.
 * @returns a schema of `{ id, [column]: boolean }`.
 */
export function visibilitySchema<Column extends string>(column: Column, message: string) {
  return rowIdSchema(message).extend({ [column]: toggleValue } as Record<Column, typeof toggleValue>)
}

/**
 * The spec's failure texts of a screen of rows (back-office spec §8): one for saving (create and
 * update) or one each, one for deleting, and one for the visibility switch ('Impossible de modifier
 * la visibilité' unless given).
 */
export type RowFailureTexts = ({ save: string } | { create: string; update: string }) & {
  delete: string
  visibility?: string
}

/**
 * The schemas of a screen of rows, for `rowIntents` (app/http/admin-action.server.ts) and the
 * screen's form (its check before sending): the form (create), the form with the row's `id`
 * (update), `{ id }` (delete) and `{ id, [column] }` (set-visibility), with the spec's texts of
 * each intent — its failure text, declared once for the server's answer and the browser's check,
 * and its success toasts (back-office spec §8).
 *
 * @param fields - the form's object schema.
 * @param options.column - the visibility field, e.g. 'affichee', 'affiche' or 'publie'.
 * @param options.gone - the French refusal of a malformed id, e.g. 'Photo introuvable.'.
 * @param options.failure - the spec's failure texts, e.g. `{ save: 'Impossible de sauvegarder la
 *   saison', delete: 'Impossible de supprimer la saison' }`.
 * @param options.success - the toasts after a create, an update, a delete, and a row shown or
 *   hidden, mostly made by `namedToasts` or `successToasts` (app/lib/admin/row-toasts.ts).
 * @param options.keep - when given, the form and its update read a field the browser did not send
 *   as '' ({@link withBlanks}), but for these fields.
 * @returns `{ create, update, id, visibility, column, failure, success }`, `failure` giving the
 *   text of each intent: `{ create, update, delete, visibility }`.
 */
export function rowSchemas<Shape extends z.ZodRawShape, Column extends keyof Shape & string>(
  fields: z.ZodObject<Shape>,
  options: {
    column: Column
    gone: string
    failure: RowFailureTexts
    success: RowToasts
    keep?: ReadonlyArray<keyof Shape & string>
  },
) {
  const { column, gone, failure, success, keep } = options
  const id = rowIdSchema(gone)
  const update = fields.extend(id.shape)
  const save = 'save' in failure ? { create: failure.save, update: failure.save } : failure
  return {
    create: keep ? withBlanks<Shape>(fields, keep) : fields,
    update: keep ? withBlanks<typeof update.shape>(update, keep) : update,
    id,
    visibility: visibilitySchema(column, gone),
    column,
    failure: {
      create: save.create,
      update: save.update,
      delete: failure.delete,
      visibility: failure.visibility ?? 'Impossible de modifier la visibilité',
    },
    success,
  }
}

/** A parsed form: its value, or each field's French messages ('form' for the whole form). */
export type ParsedForm<Value> =
  | { ok: true; value: Value }
  | { ok: false; fieldErrors: Record<string, string[]> }

/**
 * Parses a posted form with a screen's schema, the one way the server (app/http/admin-action.server.ts)
 * and the browser's check before sending read a form: Conform's `parseWithZod`, the schema doing
 * its own coercion (fields arrive as '' when empty, absent when not sent, repeated ones as arrays).
 *
 * @param form - the posted form.
 * @param schema - the screen's Zod schema.
 * @returns the value, or the field name → French messages.
 */
export function parseForm<Schema extends z.ZodType>(
  form: FormData,
  schema: Schema,
): ParsedForm<z.output<Schema>> {
  const submission = parseWithZod(form, { schema, disableAutoCoercion: true })
  if (submission.status === 'success') return { ok: true, value: submission.value as z.output<Schema> }
  const fieldErrors: Record<string, string[]> = {}
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.length) fieldErrors[name || 'form'] = messages
  }
  return { ok: false, fieldErrors }
}

/**
 * A form integer stored in a Postgres `integer` column (the catalogue's `ordre`): falling back to
 * 0 when empty or not numeric (spec §5), refused beyond the column's range rather than clamped.
 *
 * @param message - the French refusal of a number out of range, e.g. "L'ordre est trop grand.".
 * @returns a schema of a string field (absent fields read as '' through {@link withBlanks}).
 */
export function int32OrZero(message: string) {
  return z
    .string()
    .transform((value) => {
      const parsed = Number.parseInt(value.trim(), 10)
      return Number.isFinite(parsed) ? parsed : 0
    })
    .refine((value) => value >= -2_147_483_648 && value <= 2_147_483_647, message)
}

/**
 * A switch that is on unless the form says otherwise (the catalogue's `affichee`, spec §9: a new
 * category or artwork is shown): absent → true; 'on' / 'true' → true; anything else ('' from the
 * switch's hidden input when off) → false.
 */
export const switchDefaultOn = z
  .string()
  .optional()
  .transform((value) => (value === undefined ? true : value === 'on' || value === 'true'))
