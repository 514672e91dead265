import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import { z } from 'zod'
import { PASSKEY_NAME_MAX_LENGTH } from '#app/lib/passkey'

/**
 * The passkey forms (issue #37 §3): the WebAuthn answers the browser posts (app/lib/passkey.ts
 * makes them), a new key's name, a key's id. Read by the actions of /admin/profil and
 * /auth/cle-acces.
 */

const INVALID_ANSWER = 'Réponse de la clé d’accès invalide.'

/** The JSON a WebAuthn ceremony answered, as a form field carries it (at most 64 KiB). */
const ceremonyAnswer = z
  .string({ error: INVALID_ANSWER })
  .max(65_536, INVALID_ANSWER)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      context.addIssue({ code: 'custom', message: INVALID_ANSWER })
      return z.NEVER
    }
  })
  .pipe(
    z.looseObject(
      {
        id: z.string().min(1).max(1024),
        rawId: z.string().min(1).max(1024),
        type: z.literal('public-key'),
        response: z.record(z.string(), z.unknown()),
        clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
      },
      { error: INVALID_ANSWER },
    ),
  )

/** The sign-in's answer (`AuthenticationResponseJSON`), field `response`. */
export const passkeySignInSchema = z.object({
  response: ceremonyAnswer.transform((value) => value as unknown as AuthenticationResponseJSON),
})

const NAME_MISSING = 'Veuillez nommer la clé d’accès'

/** « Ajouter une clé d’accès »: its name (1–60 characters) and the registration's answer. */
export const addPasskeySchema = z.object({
  name: z
    .string({ error: NAME_MISSING })
    .trim()
    .min(1, NAME_MISSING)
    .max(PASSKEY_NAME_MAX_LENGTH, `Le nom a au plus ${PASSKEY_NAME_MAX_LENGTH} caractères.`),
  response: ceremonyAnswer.transform((value) => value as unknown as RegistrationResponseJSON),
})

/** « Supprimer » one passkey: its id. */
export const passkeyIdSchema = z.object({
  id: z.string({ error: 'Clé d’accès inconnue.' }).trim().min(1, 'Clé d’accès inconnue.').max(100),
})
