import { z } from 'zod'
import {
  BID_LIMITS,
  BID_MESSAGES,
  type BidIncrementStep,
  bidRefusalMessage,
  isPlausiblePhone,
  minimumBidCents,
  normalizeBidderEmail,
  type PriceState,
  parseBidAmount,
} from './auction-rules'
import { requiredLine } from './line-fields'

/**
 * The bid form's schema (public spec §5 "Bid", issue #4 §3), read by the server's {@link placeBid}
 * use case; the form itself shows the server's answer (app/components/auction/bid-form.tsx).
 */

/** An amount in euros as typed ({@link parseBidAmount}), refused with the French reason. */
const checkAmount = (value: string | number, ctx: z.RefinementCtx, invalid: string) => {
  const parsed = parseBidAmount(value)
  if (parsed.ok) return
  ctx.addIssue({
    code: 'custom',
    message:
      parsed.reason === 'too-many-decimals'
        ? BID_MESSAGES.tooManyDecimals
        : parsed.reason === 'too-high'
          ? BID_MESSAGES.tooHigh
          : invalid,
  })
}

const amountField = z
  .union([z.string(), z.number()], { error: 'Veuillez indiquer le montant de votre mise' })
  .superRefine((value, ctx) => checkAmount(value, ctx, BID_MESSAGES.invalidAmount))

/**
 * The bid form (public spec §5 "Bid", issue #4 §3): first name, last name, e-mail, phone and amount
 * all required; the e-mail one address ({@link normalizeBidderEmail}); the phone plausible (checked,
 * never stored — spec §3); the amount — the bidder's maximum (issue #36 §1) — positive,
 * ≤ 2 decimals, ≤ 1,000,000 €. Read by {@link placeBid}. The rule "above the current price" depends on the auction: use
 * {@link bidFormSchemaFor} to add it; the server checks it again under the lock.
 *
 * Output: trimmed texts; `email` lower-cased; `montant` kept as typed (read it with
 * {@link parseBidAmount}).
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
 * {@link bidFormSchema} plus the price rule for one auction (public spec §5, issue #10 §3): the
 * amount must reach {@link minimumBidCents}, else {@link bidRefusalMessage} on `montant`.
 *
 * @param price - the current price (cents) and whether bids made it; `steps` - the increment table.
 */
export function bidFormSchemaFor(price: PriceState, steps: BidIncrementStep[]) {
  return bidFormSchema.superRefine((value, ctx) => {
    const parsed = parseBidAmount(value.montant)
    if (parsed.ok && parsed.cents < minimumBidCents(price, steps)) {
      ctx.addIssue({
        code: 'custom',
        path: ['montant'],
        message: bidRefusalMessage(parsed.cents, price, steps),
      })
    }
  })
}
