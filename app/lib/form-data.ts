/**
 * The one way a server action reads a submitted form (issue #12 §5 "Hardened edges"): what a person
 * can type never holds control characters, and PostgreSQL refuses NUL in text (a 500 before), so
 * they are removed here, once, from every field and every uploaded file's name — whatever schema
 * reads the field next.
 */

/**
 * Unicode's control characters (`Cc`: C0, DEL and C1) but tab, line feed and carriage return, which
 * multi-line fields keep and single-line fields collapse to a space.
 */
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\r]/gu

/**
 * A text without its control characters ({@link CONTROL_CHARACTERS}); tabs and line breaks kept.
 *
 * @param text - any string, e.g. a form field's value `'Cl\u0000aire'`.
 * @returns the same text without them (`'Claire'`); the very same string when it had none.
 */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '')
}

/**
 * A copy of a form where every text value and every file name went through
 * {@link stripControlCharacters}; file contents are left as they are.
 *
 * @param form - the submitted form.
 * @returns a new FormData with the same entries, in the same order.
 */
export function cleanFormData(form: FormData): FormData {
  const clean = new FormData()
  for (const [name, value] of form) {
    const key = stripControlCharacters(name)
    if (typeof value === 'string') {
      clean.append(key, stripControlCharacters(value))
      continue
    }
    const fileName = stripControlCharacters(value.name)
    clean.append(
      key,
      fileName === value.name
        ? value
        : new File([value], fileName, { type: value.type, lastModified: value.lastModified }),
    )
  }
  return clean
}

/**
 * Reads a request's form (urlencoded or multipart) for an action, cleaned by {@link cleanFormData}.
 * A body that is no readable form (another content type, a broken multipart, a body cut short by the
 * size limit) reads as an empty form: the action then answers its own refusal (each field's French
 * message, 400), never a 500.
 *
 * @param request - the action's request.
 * @returns the cleaned form; empty when the body could not be read as one.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return cleanFormData(await request.formData())
  } catch {
    return new FormData()
  }
}
