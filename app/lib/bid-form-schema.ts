import { z } from 'zod'
import {
  amountToCents,
  BID_LIMITS,
  BID_MESSAGES,
  bidTooLowMessage,
  isAmountAbove,
  isPlausiblePhone,
  normalizeBidderEmail,
  parseBidAmount,
} from './auction-rules'
import { requiredLine } from './line-fields'

/**
 * The bid form's schema (public spec §5 "Bid", issue #4 §3), read by the server's {@link placeBid}
 * use case; the form itself shows the server's answer (app/components/auction/bid-form.tsx).
 */

const amountField = z
  .union([z.string(), z.number()], { error: 'Veuillez indiquer le montant de votre mise' })
  .superRefine((value, ctx) => {
    const parsed = parseBidAmount(value)
    if (parsed.ok) return
    ctx.addIssue({
      code: 'custom',
      message:
        parsed.reason === 'too-many-decimals'
          ? BID_MESSAGES.tooManyDecimals
          : parsed.reason === 'too-high'
            ? BID_MESSAGES.tooHigh
            : BID_MESSAGES.invalidAmount,
    })
  })

/**
 * The bid form (public spec §5 "Bid", issue #4 §3): first name, last name, e-mail, phone and amount
 * all required; the e-mail one address ({@link normalizeBidderEmail}); the phone plausible (checked,
 * never stored — spec §3); the amount positive, ≤ 2 decimals, ≤ 1,000,000 €. Read by
 * {@link placeBid}. The rule "above the current price" depends on the auction: use
 * {@link bidFormSchemaFor} to add it; the server checks it again under the lock.
 *
 * Output: trimmed texts; `email` lower-cased; `montant` kept as typed (read it with {@link parseBidAmount}).
 */
export const bidFormSchema = z.object({
  prenom: requiredLine('Veuillez indiquer votre prénom', 'Le prénom', BID_LIMITS.prenom),
  nom: requiredLine('Veuillez indiquer votre nom', 'Le nom', BID_LIMITS.nom),
  email: z
    .string({ error: 'Veuillez indiquer votre adresse email' })
    .trim()
    .min(1, 'Veuillez indiquer votre adresse email')
    .refine((value) => value === '' || normalizeBidderEmail(value) !== null, BID_MESSAGES.invalidEmail)
    .transform((value) => normalizeBidderEmail(value) ?? value),
  telephone: z
    .string({ error: 'Veuillez indiquer votre numéro de téléphone' })
    .trim()
    .min(1, 'Veuillez indiquer votre numéro de téléphone')
    .max(BID_LIMITS.telephone, BID_MESSAGES.invalidPhone)
    .refine((value) => value === '' || isPlausiblePhone(value), BID_MESSAGES.invalidPhone),
  montant: amountField,
})

/** A bid form that passed {@link bidFormSchema}. */
export type BidFormValues = z.infer<typeof bidFormSchema>

/**
 * {@link bidFormSchema} plus the spec's price rule for one auction: the amount must be strictly
 * greater than `prixActuel`, else `Votre mise doit être supérieure à {amount}€` on `montant`.
 *
 * @param prixActuel - the current price, euros as the database writes them ('125.00').
 */
export function bidFormSchemaFor(prixActuel: string) {
  const threshold = amountToCents(prixActuel)
  return bidFormSchema.superRefine((value, ctx) => {
    const parsed = parseBidAmount(value.montant)
    if (parsed.ok && !isAmountAbove(parsed.cents, threshold)) {
      ctx.addIssue({ code: 'custom', path: ['montant'], message: bidTooLowMessage(threshold) })
    }
  })
}
