import { getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type LucideIcon, Mail, MapPin, Phone, Send } from 'lucide-react'
import type { ReactNode } from 'react'
import { data } from 'react-router'
import { FieldError, Notice, TextField } from '#app/components/forms'
import { PageBanner } from '#app/components/page-banner'
import { ToastRequest } from '#app/components/toast-request'
import { SubmitButton } from '#app/components/ui/button'
import { Textarea } from '#app/components/ui/input'
import { Label } from '#app/components/ui/label'
import { artworkPath, enquiryPath, enquirySubject } from '#app/lib/artwork-display'
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  type ContactFormValues,
  contactFormMessage,
  contactSchema,
} from '#app/lib/contact-schema'
import { readForm } from '#app/lib/form-data'
import { configuredPageMeta } from '#app/lib/meta'
import { loadStaticDocument, STATIC_PAGE } from '#app/lib/static-page'
import { UNAVAILABLE_MESSAGES, unavailability } from '#app/lib/unavailable'
import { logger } from '#app/logger.server'
import { getEnquiryArtwork } from '#app/services/catalogue/get-enquiry-artwork.server'
import {
  CONTACT_RATE_LIMIT_MESSAGE,
  consumeContactQuota,
} from '#app/services/contact/contact-rate-limit.server'
import { sendContactMessage } from '#app/services/contact/send-contact-message.server'
import { getPageContent } from '#app/services/pages/get-page-content.server'
import type { Route } from './+types/contact'

const SUCCESS_TITLE = 'Message envoyé !'
const SUCCESS_MESSAGE =
  'Votre message a été envoyé avec succès. Je vous répondrai dans les plus brefs délais.'
const SEND_ERROR_MESSAGE = "Une erreur est survenue lors de l'envoi de votre message"

/** Fixed placeholder details of the side card (public spec §2: "a fixed placeholder e-mail, phone and postal address"). */
const CONTACT_DETAILS = {
  email: 'contact@exemple.fr',
  phone: '+33 1 23 45 67 89',
  phoneHref: 'tel:+33123456789',
  address: ['12 rue des Archives', '75004 Paris', 'France'],
}

export const meta: Route.MetaFunction = (args) => configuredPageMeta(args, 'contact')

/**
 * /contact (public spec §2): the 'contact' page configuration (banner 250px by default, title,
 * description). With `?oeuvre={id}` of an artwork one may ask about (issue #11 §4), that artwork
 * (id and name): the form is about it; any other value is ignored.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const [page, artwork] = await Promise.all([
    getPageContent('contact'),
    getEnquiryArtwork(new URL(request.url).searchParams.get('oeuvre')),
  ])
  return { page, artwork }
}

/**
 * Receives the contact form (public spec §5 "Contact", §8; DESIGN.md §5 "Abuse"), with or without
 * JavaScript. Invalid → 400 with the French messages and the values kept; more than 5 valid
 * messages per address from one client address in 10 minutes, per address in an hour, or 20 per
 * client address in 10 minutes ({@link consumeContactQuota}) → 429; the honeypot filled → a
 * success that stores nothing; else
 * the message and its notification e-mail are stored, the form is reset and the success shown.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: contactSchema })
  if (submission.status !== 'success') {
    const message = contactFormMessage(submission.error)
    return data(
      { outcome: 'invalid' as const, message, result: submission.reply({ formErrors: [message] }) },
      { status: 400 },
    )
  }
  const { [CONTACT_HONEYPOT_FIELD]: honeypot, ...values } = submission.value
  if (honeypot) {
    return data({
      outcome: 'sent' as const,
      message: SUCCESS_MESSAGE,
      result: submission.reply({ resetForm: true }),
    })
  }

  const limit = await consumeContactQuota(context.clientIp, values.email)
  if (!limit.allowed) {
    return data(
      {
        outcome: 'error' as const,
        message: CONTACT_RATE_LIMIT_MESSAGE,
        result: submission.reply({ formErrors: [CONTACT_RATE_LIMIT_MESSAGE] }),
      },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    )
  }

  try {
    await sendContactMessage(values)
  } catch (error) {
    // The database cannot be reached or the disk is full (issue #37 §4): said as it is.
    const unavailable = unavailability(error)
    const message = unavailable ? UNAVAILABLE_MESSAGES[unavailable] : SEND_ERROR_MESSAGE
    if (unavailable)
      logger.warn({ err: error, unavailable }, 'Message de contact non enregistré pour le moment')
    else logger.error({ err: error }, "Échec de l'enregistrement d'un message de contact")
    return data(
      { outcome: 'error' as const, message, result: submission.reply({ formErrors: [message] }) },
      { status: unavailable ? 503 : 500 },
    )
  }
  return data({
    outcome: 'sent' as const,
    message: SUCCESS_MESSAGE,
    result: submission.reply({ resetForm: true }),
  })
}

/**
 * The form's one-line fields, in order (public spec §5 "Contact"): each with its input type, label,
 * whether it is required, its autocomplete hint; each is limited to its CONTACT_LIMITS length.
 */
const TEXT_FIELDS: ReadonlyArray<{
  name: 'nom' | 'prenom' | 'email' | 'telephone' | 'sujet'
  type: 'text' | 'email' | 'tel'
  label: string
  required?: true
  autoComplete?: string
  className?: string
}> = [
  { name: 'nom', type: 'text', label: 'Nom', required: true, autoComplete: 'family-name' },
  { name: 'prenom', type: 'text', label: 'Prénom', autoComplete: 'given-name' },
  { name: 'email', type: 'email', label: 'Email', required: true, autoComplete: 'email' },
  { name: 'telephone', type: 'tel', label: 'Téléphone', autoComplete: 'tel' },
  { name: 'sujet', type: 'text', label: 'Sujet', required: true, className: 'sm:col-span-2' },
]

/** One line of the contact details card: its round icon, its label and its value. */
function ContactDetail({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon
  label: string
  children: ReactNode
}) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-[var(--button-ink,#0369a1)] shadow-sm">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="text-sm font-medium text-gray-900">{label}</p>
        {children}
      </div>
    </li>
  )
}

/** A form and its answers: sent without React (app/lib/static-page.ts). */
export const handle = STATIC_PAGE
export const clientLoader = loadStaticDocument

/** The form's region, which the answer replaces in place (app/components/enhance/form.ts). */
const FORM_REGION_ID = 'contact-formulaire'

/**
 * The /contact page: banner and heading from the page configuration, the form — validated on the
 * server with the schema (Conform's `lastResult` renders the answer: field errors and kept values,
 * or a cleared form), answered in place by the static page's script or by a plain POST without
 * JavaScript — with its inline success/error message and toast, and the side card of contact
 * details.
 */
export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { artwork } = loaderData
  const [form, fields] = useForm<ContactFormValues>({
    id: 'contact',
    lastResult: actionData?.result,
    defaultValue: artwork ? { sujet: enquirySubject(artwork.nom) } : undefined,
  })
  const showSuccess = actionData?.outcome === 'sent'
  const formError = form.errors?.[0]
  const messageLength = String(fields.message.value ?? '').length

  return (
    <>
      <PageBanner page={loaderData.page} />
      <div className="mx-auto max-w-7xl px-4 pt-4 pb-20 sm:px-6 lg:px-8">
        <div className="grid gap-8 lg:grid-cols-3 lg:gap-10">
          <section
            id={FORM_REGION_ID}
            aria-labelledby="contact-form-title"
            className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-2"
          >
            <h2 id="contact-form-title" className="text-2xl font-semibold text-gray-900">
              Envoyez-moi un message
            </h2>
            <p className="mt-2 text-sm text-gray-600">
              Les champs marqués d'un <span aria-hidden="true">*</span>
              <span className="sr-only">astérisque</span> sont obligatoires.
            </p>

            <div aria-live="polite" className="mt-5 empty:hidden">
              {showSuccess ? <Notice tone="success" title={SUCCESS_TITLE} message={SUCCESS_MESSAGE} /> : null}
            </div>
            {formError ? (
              <Notice tone="error" title="Erreur" message={formError} id={form.errorId} className="mt-5" />
            ) : null}

            <ToastRequest
              toast={
                actionData
                  ? actionData.outcome === 'sent'
                    ? { title: SUCCESS_TITLE, description: SUCCESS_MESSAGE, type: 'success' }
                    : { title: 'Erreur', description: actionData.message, type: 'error' }
                  : null
              }
            />
            {artwork ? (
              <p className="mt-3 text-sm text-gray-700">
                Votre message concerne l’œuvre{' '}
                <a href={artworkPath(artwork.id)} className="font-medium underline underline-offset-4">
                  {artwork.nom}
                </a>
                .
              </p>
            ) : null}
            <form
              method="post"
              action={artwork ? enquiryPath(artwork.id) : '/contact'}
              id={form.id}
              noValidate
              data-enhance={FORM_REGION_ID}
              data-failure={SEND_ERROR_MESSAGE}
              className="mt-6 grid gap-5 sm:grid-cols-2"
            >
              {TEXT_FIELDS.map(({ name, type, ...field }) => (
                <TextField
                  {...getInputProps(fields[name], { type })}
                  key={`${name}-${fields[name].key ?? ''}`}
                  tone="site"
                  {...field}
                  errors={fields[name].errors}
                  maxLength={CONTACT_LIMITS[name]}
                />
              ))}
              <div className="sm:col-span-2">
                <Label tone="site" htmlFor={fields.message.id} required>
                  Message
                </Label>
                <Textarea
                  {...getTextareaProps(fields.message, { ariaAttributes: true })}
                  key={fields.message.key}
                  tone="site"
                  rows={6}
                  required
                  aria-describedby={
                    fields.message.errors
                      ? `${fields.message.errorId} ${fields.message.descriptionId}`
                      : fields.message.descriptionId
                  }
                />
                <div className="mt-1 flex items-start justify-between gap-4">
                  <FieldError tone="site" id={fields.message.errorId} errors={fields.message.errors} />
                  <p
                    id={fields.message.descriptionId}
                    data-count-for={fields.message.id}
                    data-count-max={CONTACT_LIMITS.message}
                    className={`ml-auto shrink-0 text-xs tabular-nums ${
                      messageLength > CONTACT_LIMITS.message ? 'text-red-700' : 'text-gray-500'
                    }`}
                  >
                    <span data-count="">{messageLength.toLocaleString('fr-FR')}</span> /{' '}
                    {CONTACT_LIMITS.message.toLocaleString('fr-FR')}
                    <span className="sr-only"> caractères</span>
                  </p>
                </div>
              </div>

              {artwork ? <input type="hidden" name="oeuvre_id" value={artwork.id} /> : null}
              <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
                <label htmlFor="contact-site-web">Ne pas remplir ce champ</label>
                <input
                  id="contact-site-web"
                  name={CONTACT_HONEYPOT_FIELD}
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  defaultValue=""
                />
              </div>

              <div className="sm:col-span-2">
                <SubmitButton icon={Send} className="w-full sm:w-auto">
                  Envoyer le message
                </SubmitButton>
              </div>
            </form>
          </section>

          <aside aria-labelledby="contact-info-title" className="lg:col-span-1">
            <div className="rounded-xl border border-stone-200 bg-stone-50 p-5 sm:p-8 lg:sticky lg:top-6">
              <h2 id="contact-info-title" className="text-xl font-semibold text-gray-900">
                Informations de contact
              </h2>
              <ul className="mt-6 space-y-5 text-gray-700">
                <ContactDetail icon={Mail} label="Email">
                  <a
                    href={`mailto:${CONTACT_DETAILS.email}`}
                    className="break-all text-gray-700 underline-offset-2 hover:underline"
                  >
                    {CONTACT_DETAILS.email}
                  </a>
                </ContactDetail>
                <ContactDetail icon={Phone} label="Téléphone">
                  <a
                    href={CONTACT_DETAILS.phoneHref}
                    className="text-gray-700 underline-offset-2 hover:underline"
                  >
                    {CONTACT_DETAILS.phone}
                  </a>
                </ContactDetail>
                <ContactDetail icon={MapPin} label="Adresse">
                  <address className="not-italic">
                    {CONTACT_DETAILS.address.map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                </ContactDetail>
              </ul>
            </div>
          </aside>
        </div>
      </div>
    </>
  )
}
