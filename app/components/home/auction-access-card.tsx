import { Gavel, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useFetcher, useNavigation } from 'react-router'
import { toast } from 'sonner'

/** The action's answer to an auction-link request. */
export type AuctionLinkAnswer = { ok: boolean; message: string; email?: string }

/** The form's `intent`, telling this form apart from any other on the home page. */
export const AUCTION_LINK_INTENT = 'demander-lien-enchere'

const NO_JS_PANEL_ID = 'acces-enchere'

function EmailFields({
  idPrefix,
  defaultEmail,
  error,
  isSubmitting,
}: {
  idPrefix: string
  defaultEmail?: string
  error?: string
  isSubmitting: boolean
}) {
  const inputId = `${idPrefix}-email`
  const errorId = `${idPrefix}-erreur`
  return (
    <>
      <input type="hidden" name="intent" value={AUCTION_LINK_INTENT} />
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
      <button type="submit" className="btn mt-5 w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Envoi en cours...' : 'Recevoir le lien'}
      </button>
    </>
  )
}

/**
 * The private-auction access card of the home page (public spec §2): a dialog asks for an e-mail
 * address and posts it with a fetcher; on success the form is cleared, the dialog closes and a
 * toast thanks the visitor. Without JavaScript the card's link opens an in-page panel (`:target`)
 * holding a plain `<form method="post">` to the same action, whose answer `navigationAnswer` shows.
 */
export function AuctionAccessCard({ navigationAnswer }: { navigationAnswer?: AuctionLinkAnswer }) {
  const fetcher = useFetcher<AuctionLinkAnswer>({ key: 'auction-link' })
  const navigation = useNavigation()
  const [isOpen, setIsOpen] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const triggerRef = useRef<HTMLAnchorElement>(null)
  const idPrefix = useId()
  const answer = fetcher.data

  useEffect(() => {
    if (fetcher.state !== 'idle' || !answer?.ok) return
    formRef.current?.reset()
    setIsOpen(false)
    toast.success(answer.message)
  }, [fetcher.state, answer])

  const isNavigationSubmitting =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === AUCTION_LINK_INTENT

  return (
    <aside
      aria-labelledby={`${idPrefix}-titre`}
      className="relative rounded-sm border border-gray-200 bg-white px-6 py-8 shadow-[0_1px_0_rgba(0,0,0,0.02)] sm:px-8"
    >
      <Gavel aria-hidden className="size-6 text-gray-400" strokeWidth={1.5} />
      <h2 id={`${idPrefix}-titre`} className="mt-4 font-title text-2xl text-gray-900">
        Enchères privées
      </h2>
      <p className="mt-3 leading-relaxed text-gray-600">
        Certaines œuvres sont proposées lors d'enchères privées et éphémères. Laissez votre adresse email pour
        recevoir le lien vers l'enchère en cours.
      </p>
      <a
        ref={triggerRef}
        href={`#${NO_JS_PANEL_ID}`}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault()
          fetcher.reset()
          setIsOpen(true)
        }}
        className="btn mt-6"
      >
        Accéder à l'enchère privée
      </a>

      <div id={NO_JS_PANEL_ID} className={navigationAnswer ? 'mt-6 block' : 'mt-6 hidden target:block'}>
        <Form method="post" noValidate className="border-t border-gray-200 pt-6">
          {navigationAnswer?.ok ? (
            <p role="status" className="mb-4 text-sm text-green-800">
              {navigationAnswer.message}
            </p>
          ) : null}
          <EmailFields
            idPrefix={`${idPrefix}-page`}
            defaultEmail={navigationAnswer?.ok ? undefined : navigationAnswer?.email}
            error={navigationAnswer?.ok ? undefined : navigationAnswer?.message}
            isSubmitting={isNavigationSubmitting}
          />
        </Form>
      </div>

      <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-950/40 backdrop-blur-[2px]" />
          <Dialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              triggerRef.current?.focus()
            }}
            className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-sm bg-white px-6 py-8 shadow-xl sm:px-8"
          >
            <Dialog.Title className="pr-8 font-title text-2xl text-gray-900">
              Accéder à l'enchère privée
            </Dialog.Title>
            <Dialog.Description className="mt-3 leading-relaxed text-gray-600">
              Saisissez votre adresse email : vous recevrez le lien vers l'enchère privée en cours.
            </Dialog.Description>
            <fetcher.Form ref={formRef} method="post" noValidate className="mt-6">
              <EmailFields
                idPrefix={`${idPrefix}-dialogue`}
                error={answer && !answer.ok ? answer.message : undefined}
                isSubmitting={fetcher.state !== 'idle'}
              />
            </fetcher.Form>
            <Dialog.Close
              aria-label="Fermer"
              className="absolute top-4 right-4 rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </aside>
  )
}
