import type { Toast } from './toast'

/**
 * What every back-office action answers (back-office spec §8): a toast for the person — successes
 * titled 'Succès', errors titled 'Erreur' — and, for a refused form, the French message of each
 * field. Shared by the server (which builds it) and the screens (which show it).
 */
export type AdminActionData = {
  ok: boolean
  /** The intent that was run, e.g. 'create', so a screen with several forms knows whose answer it is. */
  intent: string
  toast: Toast
  /** Field name → French messages, when the input was refused. */
  fieldErrors?: Record<string, string[]>
  /** Id of the row created or changed, when there is one. */
  id?: string
  /** URL of a file just uploaded (the upload route). */
  url?: string
  /**
   * What the person must copy now and will never be shown again (issue #37 §3): an authenticator
   * app's `otpauth://` address and secret, recovery codes.
   */
  shownOnce?: { totpUri?: string; secret?: string; recoveryCodes?: string[] }
}

/** Reads `fieldErrors[name][0]` of an action answer, or undefined. */
export function fieldError(result: AdminActionData | undefined, name: string): string | undefined {
  return result?.fieldErrors?.[name]?.[0]
}

/**
 * Whether an action's answer is a back-office answer ({@link AdminActionData}): the root route
 * reads its flash toast again after one (issue #36 §5), whatever its status.
 *
 * @param value - an action's result, as React Router hands it to `shouldRevalidate`.
 */
export function isAdminActionData(value: unknown): value is AdminActionData {
  if (!value || typeof value !== 'object') return false
  const answer = value as Partial<AdminActionData>
  return typeof answer.ok === 'boolean' && typeof answer.intent === 'string' && !!answer.toast
}
