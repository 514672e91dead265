import type { RegistrationResponseJSON } from '@simplewebauthn/browser'

/**
 * Passkeys in the browser (issue #37 §3, decision 043), shared by /admin/profil (adding one) and
 * /auth (signing in with one). The WebAuthn code (`@simplewebauthn/browser`) is loaded on the
 * click that needs it, never with the page; the forms' schemas are app/lib/passkey-schema.ts
 * (read by the actions only, so that Zod stays out of /auth's JavaScript).
 */

/** Passkeys one account may hold: enough for every device of a person, and a bound on the list. */
export const MAX_PASSKEYS = 10
/** Longest name of a passkey, in characters. */
export const PASSKEY_NAME_MAX_LENGTH = 60

/** Where /admin/profil asks the options of a new passkey (app/routes/admin/profil-passkey.ts). */
export const PASSKEY_REGISTRATION_ACTION = '/admin/profil/cle-acces'
/** Where /auth asks the options of a passkey sign-in, then sends its answer (app/routes/auth-passkey.ts). */
export const PASSKEY_SIGN_IN_ACTION = '/auth/cle-acces'

/** The French texts of a ceremony the browser could not complete. */
export const PASSKEY_MESSAGES = {
  registrationCancelled: 'L’enregistrement de la clé d’accès a été annulé.',
  registrationDuplicate: 'Cette clé d’accès est déjà enregistrée sur ce compte.',
  registrationFailed: 'L’enregistrement de la clé d’accès a échoué.',
  signInCancelled: 'La connexion avec une clé d’accès a été annulée.',
  signInFailed: 'La connexion avec une clé d’accès a échoué.',
  unsupported: 'Ce navigateur ne permet pas d’utiliser une clé d’accès.',
  offline: 'Le serveur ne répond pas : vérifiez votre connexion, puis réessayez.',
} as const

/** What a ceremony gave: the answer to send to the server, or a French message. */
export type CeremonyResult<T> = { ok: true; response: T } | { ok: false; message: string }

/** What the server answers a ceremony's step: `{ ok, options }`, or its French refusal. */
type StepAnswer = { ok: boolean; options?: unknown; toast?: { description?: string }; message?: string }

/**
 * Posts one step of a ceremony to `action` (its `fields` as a form) and reads the server's JSON:
 * the options of the next step when it gives some, else its French message. Never throws.
 */
async function postStep(
  action: string,
  fields: Record<string, string>,
  fallback: string,
): Promise<{ ok: true; options: unknown } | { ok: false; message: string }> {
  try {
    const response = await fetch(action, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Accept: 'application/json' },
    })
    if (!response.headers.get('content-type')?.includes('application/json'))
      return { ok: false, message: 'Session expirée : reconnectez-vous.' }
    const answer = (await response.json()) as StepAnswer
    if (answer.ok) return { ok: true, options: answer.options }
    return { ok: false, message: answer.message ?? answer.toast?.description ?? fallback }
  } catch {
    return { ok: false, message: PASSKEY_MESSAGES.offline }
  }
}

/**
 * Runs one WebAuthn ceremony of the browser: its answer, or the French text of its error —
 * cancelled (or timed out), a key already registered, else `texts.failed`.
 */
async function runCeremony<T>(
  run: () => Promise<T>,
  texts: { cancelled: string; failed: string },
): Promise<CeremonyResult<T>> {
  try {
    return { ok: true, response: await run() }
  } catch (error) {
    const { name, cause } = (error ?? {}) as { name?: unknown; cause?: { name?: unknown } }
    const names = [name, cause?.name]
    if (names.includes('NotAllowedError') || names.includes('AbortError'))
      return { ok: false, message: texts.cancelled }
    if (names.includes('InvalidStateError'))
      return { ok: false, message: PASSKEY_MESSAGES.registrationDuplicate }
    return { ok: false, message: texts.failed }
  }
}

/**
 * « Ajouter une clé d’accès », browser side: asks the server for the creation options
 * ({@link PASSKEY_REGISTRATION_ACTION}), then runs the browser's WebAuthn registration.
 *
 * @returns the `RegistrationResponseJSON` to post with the key's name, or a French message
 *   (cancelled, already registered, unsupported browser, the server's refusal).
 */
export async function registerPasskeyInBrowser(): Promise<CeremonyResult<RegistrationResponseJSON>> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser')
  if (!browserSupportsWebAuthn()) return { ok: false, message: PASSKEY_MESSAGES.unsupported }
  const asked = await postStep(
    PASSKEY_REGISTRATION_ACTION,
    { intent: 'start-passkey' },
    PASSKEY_MESSAGES.registrationFailed,
  )
  if (!asked.ok) return asked
  if (!asked.options) return { ok: false, message: PASSKEY_MESSAGES.registrationFailed }
  return runCeremony(
    () =>
      startRegistration({
        optionsJSON: asked.options as Parameters<typeof startRegistration>[0]['optionsJSON'],
      }),
    { cancelled: PASSKEY_MESSAGES.registrationCancelled, failed: PASSKEY_MESSAGES.registrationFailed },
  )
}

/**
 * « Se connecter avec une clé d’accès », browser side: asks the server for the request options
 * ({@link PASSKEY_SIGN_IN_ACTION}), runs the browser's WebAuthn authentication (any passkey of
 * this site), and sends its answer back; the server sets the session cookie.
 *
 * @returns ok once signed in, or a French message (cancelled, refused, too many attempts…).
 */
export async function signInWithPasskeyInBrowser(): Promise<{ ok: true } | { ok: false; message: string }> {
  const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser')
  if (!browserSupportsWebAuthn()) return { ok: false, message: PASSKEY_MESSAGES.unsupported }
  const asked = await postStep(PASSKEY_SIGN_IN_ACTION, { etape: 'options' }, PASSKEY_MESSAGES.signInFailed)
  if (!asked.ok) return asked
  if (!asked.options) return { ok: false, message: PASSKEY_MESSAGES.signInFailed }
  const ceremony = await runCeremony(
    () =>
      startAuthentication({
        optionsJSON: asked.options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      }),
    { cancelled: PASSKEY_MESSAGES.signInCancelled, failed: PASSKEY_MESSAGES.signInFailed },
  )
  if (!ceremony.ok) return ceremony
  const verified = await postStep(
    PASSKEY_SIGN_IN_ACTION,
    { etape: 'connexion', response: JSON.stringify(ceremony.response) },
    PASSKEY_MESSAGES.signInFailed,
  )
  return verified.ok ? { ok: true } : { ok: false, message: verified.message }
}
