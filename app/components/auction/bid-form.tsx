import { CircleAlert, CircleCheck, Gavel, MailCheck, Repeat, TrendingUp } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { EuroField, TextField } from '#app/components/forms'
import { ToastRequest } from '#app/components/toast-request'
import { SubmitButton } from '#app/components/ui/button'
import { type AuctionLiveState, BID_FORM_REGION_ID, BID_REGION_PATH } from '#app/lib/auction-live-state'
import { amountToCents, BID_LIMITS, BID_MESSAGES, bidInputMinimum } from '#app/lib/auction-rules'
import {
  BIDDER_STANDINGS,
  type BidderStanding,
  bidderStandingText,
  nextBidderStanding,
} from '#app/lib/bidder-standing'
import { formatPrice } from '#app/lib/format'
import type { Toast } from '#app/lib/toast'

/** What the page's action answers to a bid (with or without JavaScript). */
export type BidActionData = {
  /**
   * 'outbid': taken or not, the bid is already behind an automatic bid (issue #10 §3); 'raised':
   * the leader raised their maximum, the price did not move (issue #36 §1).
   */
  outcome: 'accepted' | 'raised' | 'outbid' | 'pending' | 'refused'
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

/** The toast of an answer's kind (public spec §8): the same words with or without JavaScript. */
const ANSWER_TOASTS: Record<BidActionData['outcome'], Omit<Toast, 'description'>> = {
  accepted: { title: BID_MESSAGES.acceptedTitle, type: 'success' },
  raised: { title: 'Maximum relevé', type: 'success' },
  pending: { title: 'Validation de votre adresse email', type: 'info' },
  outbid: { title: 'Mise dépassée', type: 'info' },
  refused: { title: 'Erreur', type: 'error' },
}

/**
 * What the bid form shows (see {@link BidForm}), every text resolved: `outcome`, `emailValidated`
 * and `standing` decide the markup, and each text of `text` is placed as it is — which lets a
 * template render the markup once and fill the texts in
 * (app/components/auction/bid-form-template.server.tsx).
 */
export type BidFormViewProps = {
  /** The answer's kind; undefined before any. */
  outcome: BidActionData['outcome'] | undefined
  /** Whether the e-mail field holds this browser's validated address. */
  emailValidated: boolean
  /** This browser's bidder's standing (issue #36 §1); null when they have not bid. */
  standing: BidderStanding | null
  text: {
    /** The answer's note and toast ('' before any answer). */
    message: string
    /** The amount's minimum, euros as the input takes it ('12.00') and as its help line says ('12,00'). */
    minimum: string
    minimumText: string
    /** The bidder's maximum (euros, '180.00'; '' without a standing) and the note of each standing. */
    standingMax: string
    standingTexts: Record<BidderStanding, string>
    /** Each field's value (absent: empty) and its errors (absent: none). */
    values: Partial<Record<BidField, string>>
    errors: Partial<Record<BidField, string[]>>
  }
}

/**
 * The bid form's view of a page's state and an answer (see {@link BidForm} for the parameters):
 * the minimum from the price and the increments, the values kept (all but the amounts after a
 * bid is taken; every one after a refusal), the errors of a refusal, the bidder's standing.
 */
export function bidFormView({
  live,
  answer,
  bidderEmail = null,
  position = null,
}: {
  live: Pick<AuctionLiveState, 'prixActuel' | 'nombreMises' | 'paliers'>
  answer: BidActionData | undefined
  bidderEmail?: string | null
  position?: { standing: BidderStanding; max: string } | null
}): BidFormViewProps {
  const minimum = bidInputMinimum(live)
  const refused = answer?.outcome === 'refused' ? answer : undefined
  const values: Partial<Record<BidField, string>> = {}
  for (const { name } of FIELDS) {
    const value = answer?.values?.[name] ?? (name === 'email' ? bidderEmail : null)
    if (value !== null && value !== undefined) values[name] = value
  }
  if (refused?.values?.montant !== undefined) values.montant = refused.values.montant
  const maxCents = position ? amountToCents(position.max) : 0
  const amounts = { maxCents, minimumCents: amountToCents(Number(minimum).toFixed(2)) }
  const message =
    answer?.outcome === 'accepted'
      ? BID_MESSAGES.accepted
      : refused
        ? refused.message || BID_MESSAGES.failure
        : (answer?.message ?? '')
  return {
    outcome: answer?.outcome,
    emailValidated: bidderEmail !== null,
    standing: position
      ? nextBidderStanding(position.standing, maxCents, amountToCents(live.prixActuel))
      : null,
    text: {
      message,
      minimum,
      minimumText: formatPrice(minimum),
      standingMax: position?.max ?? '',
      standingTexts: position
        ? {
            leading: bidderStandingText('leading', amounts),
            ahead: bidderStandingText('ahead', amounts),
            outbid: bidderStandingText('outbid', amounts),
          }
        : { leading: '', ahead: '', outbid: '' },
      values,
      errors: refused?.fieldErrors ?? {},
    },
  }
}

/**
 * The bid form 'Placer une enchère' (public spec §2, §5 "Bid", §8; issue #4 §3): first name, last
 * name, e-mail, phone and amount, all required. The one amount is the bidder's maximum, « Votre
 * maximum » (issue #36 §1: the site bids for them by the increment table up to it, as eBay does);
 * its input's minimum is the current price + the increment at that price, or the start price
 * before any bid (issue #10 §3). The server checks every field (app/lib/bid-form-schema.ts: the French messages,
 * including 'Votre mise doit être supérieure à {amount}€' and 'Votre mise doit être d'au moins
 * {minimum}€') and its answer shows inline. The page is
 * static (decision 010): without JavaScript the form posts and the page comes back with the
 * answer; with the static pages' script it posts by `fetch` and its answer replaces this region
 * (`data-enhance`), with a toast ('Mise enregistrée' / 'Votre enchère a été prise en compte !', or
 * the reason, else 'Impossible d'enregistrer votre mise') and the first invalid field focused;
 * app/components/enhance/auction.ts keeps the minimum live and pre-fills the e-mail from this
 * browser's memory. Only the server decides.
 *
 * @param live - the page's live state: price (euros, '150.00'), validated bids and increment table.
 * @param answer - the action's answer, when the page was just posted; after an accepted or
 *   pending bid the form keeps what was typed but the amount.
 * @param bidderEmail - the address this browser validated for the auction (its bidder credential,
 *   issue #10 §1), filled in and marked 'Adresse validée sur cet appareil'; null without one.
 * @param position - this browser's bidder's standing and maximum (euros, '180.00'; issue #36 §1),
 *   shown to them only: in the lead at their maximum, in the lead with it still above the price,
 *   or outbid with the new minimum — kept live by the page's script; null when they have not bid.
 */
export function BidForm(props: Parameters<typeof bidFormView>[0]) {
  return <BidFormView {...bidFormView(props)} />
}

/** The bid form's markup for a resolved view ({@link bidFormView}). */
export function BidFormView({ outcome, emailValidated, standing, text }: BidFormViewProps) {
  const { message, values, errors } = text
  return (
    <section
      id={BID_FORM_REGION_ID}
      aria-labelledby="mise-titre"
      data-outcome={outcome}
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <ToastRequest toast={outcome ? { ...ANSWER_TOASTS[outcome], description: message } : null} />
      <h2 id="mise-titre" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <Gavel aria-hidden="true" className="size-5" />
        Placer une enchère
      </h2>

      <div aria-live="polite" className="empty:hidden">
        {outcome === 'accepted' ? (
          <AnswerNote tone="success" role="status" data-live="note-mise" hidden={standing === 'outbid'}>
            <strong>{BID_MESSAGES.acceptedTitle}</strong> — {message}
          </AnswerNote>
        ) : outcome === 'raised' ? (
          <AnswerNote tone="success" role="status" data-live="note-mise" hidden={standing === 'outbid'}>
            {message}
          </AnswerNote>
        ) : outcome === 'outbid' ? (
          <AnswerNote tone="warning" role="status">
            {message}
          </AnswerNote>
        ) : outcome === 'pending' ? (
          <AnswerNote tone="info" role="status">
            {message}
          </AnswerNote>
        ) : null}
      </div>
      {standing ? (
        <div data-live="position" data-standing={standing} data-max={text.standingMax} aria-live="polite">
          {BIDDER_STANDINGS.map((each) => (
            <AnswerNote
              key={each}
              tone={STANDING_TONES[each]}
              data-standing={each}
              hidden={each !== standing}
            >
              {text.standingTexts[each]}
            </AnswerNote>
          ))}
        </div>
      ) : null}
      {/* A refusal tied to a field shows beside that field only; others (the auction has ended…) here. */}
      {outcome === 'refused' && !Object.keys(errors).length ? (
        <AnswerNote tone="error" role="alert">
          {message}
        </AnswerNote>
      ) : null}

      {/* gap-y-3: each field keeps 4 px under its control for its error (the kit's public layout). */}
      <form
        method="post"
        noValidate
        data-enhance={BID_FORM_REGION_ID}
        data-region-path={BID_REGION_PATH}
        data-failure={BID_MESSAGES.failure}
        className="mt-4 grid gap-x-4 gap-y-3 sm:grid-cols-2"
      >
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            tone="auction"
            id={`mise-${field.name}`}
            name={field.name}
            label={field.label}
            required
            errors={errors[field.name]}
            defaultValue={values[field.name]}
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
            description={
              field.name === 'email' && emailValidated ? 'Adresse validée sur cet appareil' : undefined
            }
          />
        ))}
        <EuroField
          tone="auction"
          id="mise-montant"
          className="sm:col-span-2"
          name="montant"
          label="Votre maximum (€)"
          required
          errors={text.errors.montant}
          defaultValue={text.values.montant}
          min={text.minimum}
          placeholder={text.minimum}
          description={`Montant minimum : ${text.minimumText}`}
        />
        <p className="text-sm text-stone-600 sm:col-span-2">
          Indiquez le plus que vous paieriez : le site enchérit pour vous, du pas d'enchère, seulement quand
          on vous dépasse, jusqu'à ce montant. Personne d'autre ne voit votre maximum.
        </p>
        <div className="sm:col-span-2">
          <SubmitButton icon={Gavel} className="w-full">
            Enchérir
          </SubmitButton>
        </div>
      </form>
    </section>
  )
}

/** The bid form's notes: an icon and a text on a tinted box, by tone. */
const NOTE_TONES = {
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: CircleCheck,
    tint: 'text-emerald-600',
  },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: CircleAlert, tint: 'text-amber-700' },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: MailCheck, tint: 'text-sky-700' },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert, tint: 'text-red-600' },
  automatic: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: Repeat,
    tint: 'text-emerald-700',
  },
  leading: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: TrendingUp,
    tint: 'text-emerald-700',
  },
} as const

/** The note's tone of each standing. */
const STANDING_TONES: Record<BidderStanding, keyof typeof NOTE_TONES> = {
  leading: 'leading',
  ahead: 'automatic',
  outbid: 'warning',
}

function AnswerNote({
  tone,
  children,
  ...props
}: { tone: keyof typeof NOTE_TONES; children: ReactNode } & Omit<ComponentProps<'p'>, 'className'>) {
  const { box, icon: Icon, tint } = NOTE_TONES[tone]
  return (
    <p {...props} className={`mt-4 flex gap-2 rounded-lg border p-3 text-sm ${box}`}>
      <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${tint}`} />
      <span>{children}</span>
    </p>
  )
}
