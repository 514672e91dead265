import { BellRing, Gavel, type LucideIcon, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { ProofOfWorkField } from '#app/components/proof-of-work-field'
import { ToastRequest } from '#app/components/toast-request'
import { SubmitButton } from '#app/components/ui/button'
import type { Toast } from '#app/lib/toast'

/**
 * The action's answer to an auction-link request; `challenge` (JSON) when a proof-of-work must be
 * solved before the link is sent (issue #37 §1).
 */
export type AuctionLinkAnswer = { ok: boolean; message: string; email?: string; challenge?: string }

/** The form's `intent`, telling this form apart from any other on the home page. */
export const AUCTION_LINK_INTENT = 'demander-lien-enchere'
/** The intent of "Prévenez-moi de la prochaine enchère" (issue #10 §4). */
export const NEXT_AUCTION_INTENT = 'prochaine-enchere'

/** The in-page panel a link opens without JavaScript (`:target`). */
const NO_JS_PANEL_ID = 'acces-enchere'
const DIALOG_ID = 'acces-enchere-dialogue'
/** The dialog's form region, which a form answered in place replaces (enhance/form.ts). */
const DIALOG_FORM_ID = 'acces-enchere-formulaire'
/**
 * The toast of a form's answer: its message on success, 'Erreur' and the message on failure; none
 * when a verification is asked (not an error: the note beside the widget says what to do, and a
 * toast would cover the dialog's title).
 */
function answerToast(answer: AuctionLinkAnswer | undefined): Toast | null {
  if (!answer || answer.challenge) return null
  return answer.ok
    ? { title: answer.message, type: 'success' }
    : { title: 'Erreur', description: answer.message, type: 'error' }
}

/** What to do when a verification is asked, in the dialog, where its widget runs. */
const CHALLENGE_WITH_WIDGET =
  'Laissez-la se terminer ci-dessous, puis cliquez à nouveau sur «\u00a0Recevoir le lien\u00a0».'
/** What to do when a verification is asked on the page without JavaScript (the `:target` panel). */
const CHALLENGE_WITHOUT_SCRIPT =
  'Elle demande JavaScript\u00a0: activez-le pour cette page, ou réessayez dans quelques minutes.'

/** The region of the next-auction form, which its answer replaces in place (enhance/form.ts). */
const NEXT_AUCTION_FORM_ID = 'prochaine-enchere-formulaire'
/** The home page's index route: a form posting to `/` alone would reach the root route. */
const ACTION = '/?index'

/** The card's frame: icon, the heading 'Enchères privées', an introduction, then `children`. */
function CardFrame({
  id,
  icon: Icon,
  intro,
  children,
}: {
  id: string
  icon: LucideIcon
  intro: string
  children: ReactNode
}) {
  return (
    <aside
      aria-labelledby={id}
      className="relative rounded-sm border border-gray-200 bg-white px-6 py-8 shadow-[0_1px_0_rgba(0,0,0,0.02)] sm:px-8"
    >
      <Icon aria-hidden className="size-6 text-gray-400" strokeWidth={1.5} />
      <h2 id={id} className="mt-4 font-title text-2xl text-gray-900">
        Enchères privées
      </h2>
      <p className="mt-3 leading-relaxed text-gray-600">{intro}</p>
      {children}
    </aside>
  )
}

/**
 * A card form's address field, its inline error and its button. After a refused request
 * (`answer.ok` false) the field keeps the address typed and its message shows below it; when a
 * verification is asked (`answer.challenge`) the address is not in question: the message shows as
 * a note (role status), not as the field's error, above the widget where it shows.
 *
 * @param idPrefix - makes the field's ids unique on the page (a form stands in the panel and the dialog).
 * @param answer - the action's answer to the last request, if this render follows one.
 */
function EmailFields({
  idPrefix,
  answer,
  intent = AUCTION_LINK_INTENT,
  submitLabel = 'Recevoir le lien',
  isChallengeShown = false,
}: {
  idPrefix: string
  answer?: AuctionLinkAnswer
  intent?: string
  submitLabel?: string
  /** Whether the answer's proof-of-work challenge shows here (the dialog's form, which scripts answer). */
  isChallengeShown?: boolean
}) {
  const isChallenge = Boolean(answer?.challenge)
  const error = answer && !answer.ok && !isChallenge ? answer.message : undefined
  const defaultEmail = answer && !answer.ok ? answer.email : undefined
  const inputId = `${idPrefix}-email`
  const errorId = `${idPrefix}-erreur`
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
        Adresse email
      </label>
      <input
        id={inputId}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        defaultValue={defaultEmail}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder="vous@exemple.fr"
        className="mt-2 block w-full rounded-md border border-gray-300 bg-white px-3 py-2.5 text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1"
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {isChallenge ? (
        <p role="status" className="mt-4 text-sm leading-relaxed text-gray-700">
          {answer?.message} {isChallengeShown ? CHALLENGE_WITH_WIDGET : CHALLENGE_WITHOUT_SCRIPT}
        </p>
      ) : null}
      {isChallengeShown && answer?.challenge ? <ProofOfWorkField challenge={answer.challenge} /> : null}
      <SubmitButton className="mt-5 w-full">{submitLabel}</SubmitButton>
    </>
  )
}

/**
 * The private-auction access card of the home page (public spec §2, §8): its link opens a dialog
 * asking for an e-mail address, whose form is answered in place (app/components/enhance): on
 * success the dialog closes with a cleared form and the toast thanks the visitor; a failure shows
 * inline and in an 'Erreur' toast. Without JavaScript the link opens an in-page panel (`:target`)
 * holding the same form, whose answer `answer` shows.
 *
 * When no auction is running, the card offers "Prévenez-moi de la prochaine enchère" instead
 * ({@link NextAuctionCard}).
 *
 * @param answer - the action's answer to the last request, if this render follows one.
 * @param isAuctionRunning - whether an auction is active now.
 */
export function AuctionAccessCard({
  answer,
  isAuctionRunning,
}: {
  answer?: AuctionLinkAnswer
  isAuctionRunning: boolean
}) {
  if (!isAuctionRunning) return <NextAuctionCard answer={answer} />
  return (
    <CardFrame
      id="acces-enchere-titre"
      icon={Gavel}
      intro="Certaines œuvres sont proposées lors d'enchères privées et éphémères. Laissez votre adresse email pour recevoir le lien vers l'enchère en cours."
    >
      <a href={`#${NO_JS_PANEL_ID}`} data-dialog-open={DIALOG_ID} aria-haspopup="dialog" className="btn mt-6">
        Accéder à l'enchère privée
      </a>

      <div id={NO_JS_PANEL_ID} className={answer ? 'mt-6 block' : 'mt-6 hidden target:block'}>
        <form method="post" action={ACTION} noValidate className="border-t border-gray-200 pt-6">
          {answer?.ok ? (
            <p role="status" className="mb-4 text-sm text-green-800">
              {answer.message}
            </p>
          ) : null}
          <EmailFields idPrefix="acces-enchere-page" answer={answer} />
        </form>
      </div>

      <dialog
        id={DIALOG_ID}
        aria-labelledby={`${DIALOG_ID}-titre`}
        aria-describedby={`${DIALOG_ID}-description`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-sm bg-white px-6 py-8 shadow-xl backdrop:bg-gray-950/40 backdrop:backdrop-blur-[2px] sm:px-8"
      >
        <h2 id={`${DIALOG_ID}-titre`} className="pr-8 font-title text-2xl text-gray-900">
          Accéder à l'enchère privée
        </h2>
        <p id={`${DIALOG_ID}-description`} className="mt-3 leading-relaxed text-gray-600">
          Saisissez votre adresse email : vous recevrez le lien vers l'enchère privée en cours.
        </p>
        <div id={DIALOG_FORM_ID} {...(answer?.ok ? { 'data-dialog-done': '' } : {})}>
          <ToastRequest toast={answerToast(answer)} />
          <form method="post" action={ACTION} noValidate data-enhance={DIALOG_FORM_ID} className="mt-6">
            <EmailFields idPrefix="acces-enchere-dialogue" answer={answer} isChallengeShown />
          </form>
        </div>
        <button
          type="button"
          data-dialog-close=""
          aria-label="Fermer"
          className="absolute top-4 right-4 rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
        >
          <X aria-hidden className="size-5" />
        </button>
      </dialog>
    </CardFrame>
  )
}

/**
 * The home card when no auction is running (issue #10 §4): "Prévenez-moi de la prochaine enchère",
 * an address field whose form is answered in place (app/components/enhance), or by a new page
 * without JavaScript; the answer shows in the form's region and as a toast.
 *
 * @param answer - the action's answer to the last request, if this render follows one.
 */
function NextAuctionCard({ answer }: { answer?: AuctionLinkAnswer }) {
  return (
    <CardFrame
      id="prochaine-enchere-titre"
      icon={BellRing}
      intro="Aucune enchère n'est en cours. Laissez votre adresse email : vous recevrez le lien de la prochaine enchère privée dès qu'elle commencera."
    >
      <div id={NEXT_AUCTION_FORM_ID} className="mt-6">
        <ToastRequest toast={answerToast(answer)} />
        {answer?.ok ? (
          <p role="status" className="mb-4 text-sm text-green-800">
            {answer.message}
          </p>
        ) : null}
        <form method="post" action={ACTION} noValidate data-enhance={NEXT_AUCTION_FORM_ID}>
          <EmailFields
            idPrefix="prochaine-enchere"
            answer={answer}
            intent={NEXT_AUCTION_INTENT}
            submitLabel="Prévenez-moi de la prochaine enchère"
          />
        </form>
      </div>
    </CardFrame>
  )
}
