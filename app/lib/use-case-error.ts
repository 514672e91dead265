/**
 * The one way a use case refuses (issue #9 §1 "one result shape for use cases"): it returns its
 * value, or throws a {@link UseCaseError}. The back-office pipeline (app/http/admin-action.server.ts)
 * maps it in one place: 'not-found' → 404, 'conflict' → 409, 'invalid' → 400, 'forbidden' → 403,
 * each with an
 * 'Erreur' toast and, when given, the French message of each field.
 */
export class UseCaseError extends Error {
  /**
   * @param kind - why the use case refused: the row is gone, it clashes with another, or the input
   *   breaks a rule the schema cannot see.
   * @param message - the French text shown to the person, e.g. "La saison n'existe plus.".
   * @param fieldErrors - field name → French messages, shown beside the fields.
   */
  constructor(
    readonly kind: 'not-found' | 'conflict' | 'invalid' | 'forbidden',
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** The toast's title when the spec gives one other than 'Erreur' (e.g. 'Fichier invalide'). */
    readonly title?: string,
  ) {
    super(message)
    this.name = 'UseCaseError'
  }
}

/**
 * The row a use case works on does not exist (any more).
 *
 * @param message - French, e.g. "La saison n'existe plus.".
 * @returns the error to throw.
 */
export function notFound(message: string): UseCaseError {
  return new UseCaseError('not-found', message)
}

/**
 * The input breaks a rule only the use case can check (a unique name, the last administrator…).
 *
 * @param message - French, shown in the toast.
 * @param fieldErrors - field name → French messages.
 * @param title - the toast's title when not 'Erreur'.
 * @returns the error to throw.
 */
export function refused(
  message: string,
  fieldErrors?: Record<string, string[]>,
  title?: string,
): UseCaseError {
  return new UseCaseError('invalid', message, fieldErrors, title)
}

/**
 * The input clashes with a row that exists (e.g. an address already used).
 *
 * @param message - French, shown in the toast.
 * @param fieldErrors - field name → French messages.
 * @returns the error to throw.
 */
export function conflict(message: string, fieldErrors?: Record<string, string[]>): UseCaseError {
  return new UseCaseError('conflict', message, fieldErrors)
}

/**
 * The person may not do this, whatever the input (e.g. delete their own account).
 *
 * @param message - French, shown in the toast.
 * @returns the error to throw.
 */
export function forbidden(message: string): UseCaseError {
  return new UseCaseError('forbidden', message)
}
