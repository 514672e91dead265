import { z } from 'zod'
import { optionalLine, requiredLine, tooLong } from './line-fields'

/** Maximum lengths of the contact form's fields, in characters (issue §6). */
export const CONTACT_LIMITS = {
  nom: 200,
  prenom: 200,
  email: 320,
  telephone: 30,
  sujet: 200,
  message: 5000,
} as const

/** Form-level message when a required field is empty (public spec §5, §8). */
export const CONTACT_REQUIRED_MESSAGE = 'Veuillez remplir tous les champs obligatoires'
/** Message for an e-mail address that is not one (public spec §5). */
export const CONTACT_EMAIL_MESSAGE = 'Veuillez saisir une adresse email valide'
/** Name of the honeypot field: hidden from people, bots fill it in. */
export const CONTACT_HONEYPOT_FIELD = 'site_web'

const REQUIRED_FIELDS = ['nom', 'email', 'sujet', 'message'] as const

/**
 * The contact form (public spec §2 /contact, §5 "Contact"), shared by the browser (Conform's live
 * validation) and the server action. Nom, Email, Sujet and Message are required; Prénom and
 * Téléphone are optional; lengths are limited by {@link CONTACT_LIMITS}. When any required field is
 * empty the form itself also carries {@link CONTACT_REQUIRED_MESSAGE}.
 *
 * Parse with Conform (`parseWithZod(formData, { schema: contactSchema })` from `@conform-to/zod/v4`),
 * which turns empty inputs into `undefined`.
 */
export const contactSchema = z
  .object({
    nom: requiredLine('Veuillez indiquer votre nom', 'Le nom', CONTACT_LIMITS.nom),
    prenom: optionalLine('Le prénom', CONTACT_LIMITS.prenom),
    email: z
      .string({ error: 'Veuillez indiquer votre adresse email' })
      .trim()
      .min(1, 'Veuillez indiquer votre adresse email')
      .max(CONTACT_LIMITS.email, tooLong("L'adresse email", CONTACT_LIMITS.email))
      .regex(z.regexes.email, CONTACT_EMAIL_MESSAGE),
    telephone: z
      .string()
      .trim()
      .max(CONTACT_LIMITS.telephone, tooLong('Le numéro de téléphone', CONTACT_LIMITS.telephone))
      .regex(/^[\d\s+().-]*$/, 'Veuillez saisir un numéro de téléphone valide')
      .optional(),
    sujet: requiredLine('Veuillez indiquer le sujet de votre message', 'Le sujet', CONTACT_LIMITS.sujet),
    message: z
      .string({ error: 'Veuillez écrire votre message' })
      .trim()
      .min(1, 'Veuillez écrire votre message')
      .max(CONTACT_LIMITS.message, tooLong('Le message', CONTACT_LIMITS.message)),
    /** The artwork the message asks about (issue #11 §4), a hidden field of the form. */
    oeuvre_id: z.uuid({ error: "L'œuvre concernée est introuvable" }).optional(),
    [CONTACT_HONEYPOT_FIELD]: z.string().optional(),
  })
  .refine(
    (value) =>
      REQUIRED_FIELDS.every((key) => {
        const field = (value as Record<string, unknown> | undefined)?.[key]
        return typeof field === 'string' && field.trim() !== ''
      }),
    // `when`: also run when fields failed, so the form-level message comes with the per-field ones.
    { message: CONTACT_REQUIRED_MESSAGE, path: [], when: () => true },
  )

/** A valid contact form, as the server stores it. */
export type ContactFormValues = z.infer<typeof contactSchema>

/** A visitor's message, as it is stored and sent to the artist (the form without its honeypot). */
export type ContactMessageFields = {
  nom: string
  prenom?: string | null
  email: string
  telephone?: string | null
  sujet: string
  message: string
  /** The artwork the message asks about (issue #11 §4), or none. */
  oeuvre_id?: string | null
}

/**
 * The one sentence summing up a refused form, for the toast and the inline alert: the form-level
 * error ({@link CONTACT_REQUIRED_MESSAGE}) when present, else the first field error.
 *
 * @param error - Conform's submission error map (field name → messages, '' for the form).
 */
export function contactFormMessage(
  error: Record<string, string[] | null | undefined> | null | undefined,
): string {
  const formLevel = error?.['']?.[0]
  if (formLevel) return formLevel
  for (const messages of Object.values(error ?? {})) if (messages?.[0]) return messages[0]
  return CONTACT_REQUIRED_MESSAGE
}
