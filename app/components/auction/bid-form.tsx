import { CircleAlert, CircleCheck, Gavel, LoaderCircle, MailCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { TextField } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import {
  amountToCents,
  BID_LIMITS,
  BID_MESSAGES,
  BIDDER_EMAIL_STORAGE_KEY,
  bidInputMinimumCents,
} from '#app/lib/auction-rules'

/** What the page's action answers to a bid (with or without JavaScript). */
export type BidActionData = {
  outcome: 'accepted' | 'pending' | 'refused'
  message: string
  fieldErrors?: Record<string, string[]>
  /** The values typed, so a page rendered without JavaScript shows them again. */
  values?: Partial<Record<BidField, string>>
}

type BidField = 'prenom' | 'nom' | 'email' | 'telephone' | 'montant'

const FIELDS: Array<{
  name: BidField
  label: string
  type: 'text' | 'email' | 'tel' | 'number'
  autoComplete?: string
  maxLength?: number
}> = [
  { name: 'prenom', label: 'Prénom', type: 'text', autoComplete: 'given-name', maxLength: BID_LIMITS.prenom },
  { name: 'nom', label: 'Nom', type: 'text', autoComplete: 'family-name', maxLength: BID_LIMITS.nom },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: BID_LIMITS.email },
  {
    name: 'telephone',
    label: 'Téléphone',
    type: 'tel',
    autoComplete: 'tel',
    maxLength: BID_LIMITS.telephone,
  },
]

/** Euros with a dot, as a number input's `min` and `placeholder` want them ('151', '151.50'). */
function inputAmount(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
}

/**
 * The bid form 'Placer une enchère' (public spec §2, §5 "Bid", §8; issue #4 §3): first name, last
 * name, e-mail, phone and amount, all required; the amount input's minimum is the current price
 * + 1 €. The server checks every field (app/lib/bid-form-schema.ts: the French messages,
 * including 'Votre mise doit être supérieure à {amount}€') and its answer shows inline; with
 * JavaScript also as a toast ('Mise enregistrée' / 'Votre enchère a été prise en compte !', or
 * the reason, else 'Impossible d'enregistrer votre mise'), the first invalid field focused, and
 * the e-mail is pre-filled from this browser's memory. Only the server decides.
 *
 * @param prixActuel - the current price, euros as the database writes them ('150.00'), live.
 * @param answer - the action's answer, when the page was just posted.
 * @param bidderEmail - the address this browser validated for the auction (its bidder credential,
 *   issue #10 §1), filled in and marked 'Adresse validée sur cet appareil'; null without one.
 */
export function BidForm({
  prixActuel,
  answer,
  bidderEmail = null,
}: {
  prixActuel: string
  answer: BidActionData | undefined
  bidderEmail?: string | null
}) {
  const navigation = useNavigation()
  const isSubmitting = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post'
  const formRef = useRef<HTMLFormElement>(null)
  const shown = useRef<BidActionData | undefined>(undefined)
  const minimum = inputAmount(bidInputMinimumCents(amountToCents(prixActuel)))

  useEffect(() => {
    const email = formRef.current?.elements.namedItem('email')
    if (!(email instanceof HTMLInputElement) || email.value) return
    try {
      email.value = window.localStorage.getItem(BIDDER_EMAIL_STORAGE_KEY) ?? ''
    } catch {
      // storage unavailable (private mode): nothing to pre-fill
    }
  }, [])

  useEffect(() => {
    if (!answer || answer === shown.current || navigation.state !== 'idle') return
    shown.current = answer
    if (answer.outcome === 'accepted') {
      toast.success(BID_MESSAGES.acceptedTitle, { description: BID_MESSAGES.accepted })
      const amount = formRef.current?.elements.namedItem('montant')
      if (amount instanceof HTMLInputElement) amount.value = ''
    } else if (answer.outcome === 'pending') {
      toast.info('Validation de votre adresse email', { description: answer.message })
    } else {
      toast.error('Erreur', { description: answer.message || BID_MESSAGES.failure })
      const first = FIELDS.map((field) => field.name)
        .concat('montant')
        .find((name) => answer.fieldErrors?.[name])
      if (first) (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus()
    }
    if (answer.outcome !== 'refused') {
      const email = answer.values?.email
      try {
        if (email) window.localStorage.setItem(BIDDER_EMAIL_STORAGE_KEY, email)
      } catch {
        // storage unavailable
      }
    }
  }, [answer, navigation.state])

  const errors = (answer?.outcome === 'refused' ? answer.fieldErrors : undefined) ?? {}
  const formMessage = isSubmitting ? null : answer
  const values = answer?.outcome === 'refused' ? answer.values : undefined

  return (
    <section
      aria-labelledby="mise-titre"
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="mise-titre" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <Gavel aria-hidden="true" className="size-5" />
        Placer une enchère
      </h2>

      <div aria-live="polite" className="empty:hidden">
        {formMessage?.outcome === 'accepted' ? (
          <p
            role="status"
            className="mt-4 flex gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            <span>
              <strong>{BID_MESSAGES.acceptedTitle}</strong> — {BID_MESSAGES.accepted}
            </span>
          </p>
        ) : formMessage?.outcome === 'pending' ? (
          <p
            role="status"
            className="mt-4 flex gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
          >
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-700" />
            <span>{formMessage.message}</span>
          </p>
        ) : null}
      </div>
      {/* A refusal tied to a field shows beside that field only; others (the auction has ended…) here. */}
      {formMessage?.outcome === 'refused' && !Object.keys(formMessage.fieldErrors ?? {}).length ? (
        <p
          role="alert"
          className="mt-4 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
          <span>{formMessage.message || BID_MESSAGES.failure}</span>
        </p>
      ) : null}

      {/* gap-y-3: each field keeps 4 px under its control for its error (the kit's public layout). */}
      <Form ref={formRef} method="post" noValidate className="mt-4 grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            tone="auction"
            id={`mise-${field.name}`}
            name={field.name}
            label={field.label}
            required
            errors={errors[field.name]}
            defaultValue={
              values?.[field.name] ?? (field.name === 'email' ? (bidderEmail ?? undefined) : undefined)
            }
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
            description={
              field.name === 'email' && bidderEmail ? 'Adresse validée sur cet appareil' : undefined
            }
          />
        ))}
        <TextField
          tone="auction"
          id="mise-montant"
          className="sm:col-span-2"
          name="montant"
          label="Montant (€)"
          required
          errors={errors.montant}
          defaultValue={values?.montant}
          type="number"
          inputMode="decimal"
          min={minimum}
          step="0.01"
          placeholder={minimum}
          description={`Montant minimum : ${minimum.replace('.', ',')} €`}
        />
        <div className="sm:col-span-2">
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Gavel aria-hidden="true" className="size-4" />
            )}
            {isSubmitting ? 'Envoi en cours...' : 'Enchérir'}
          </Button>
        </div>
      </Form>
    </section>
  )
}
