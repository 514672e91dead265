import { z } from 'zod'

/**
 * The forms of /admin/profil (issue #37 §3): ending a session, and the second factor's steps.
 * Shared by the screen and its action. Absent fields get the same message as empty ones.
 */

const UNKNOWN_SESSION = 'Session inconnue.'
const PASSWORD_MISSING = 'Veuillez saisir votre mot de passe'
const CODE_FORMAT = 'Le code a six chiffres.'

/** « Déconnecter » one session: its id (tokens never reach the page). */
export const sessionIdSchema = z.object({
  id: z.string({ error: UNKNOWN_SESSION }).trim().min(1, UNKNOWN_SESSION).max(100, UNKNOWN_SESSION),
})

/** Steps that ask the account's password again (enrolment, new recovery codes, turning it off); never trimmed. */
export const passwordAgainSchema = z.object({
  password: z
    .string({ error: PASSWORD_MISSING })
    .min(1, PASSWORD_MISSING)
    .max(200, 'Mot de passe incorrect.'),
})

/** The first code of the authenticator app, which confirms the enrolment (spaces ignored). */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: CODE_FORMAT })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, CODE_FORMAT)),
})
