import { Fingerprint, KeyRound, LogIn, type LucideIcon, Mail, ShieldCheck } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { data, Form, Link, redirect, useNavigate, useNavigation, useRouteLoaderData } from 'react-router'
import { toast } from 'sonner'
import { z } from 'zod'
import { AuthBackLink, AuthCard, AuthHeading, authInputClass } from '#app/components/auth-card'
import { Notice } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { setCookieHeaders } from '#app/http/set-cookies.server'
import { readForm } from '#app/lib/form-data'
import { privatePageMeta } from '#app/lib/meta'
import { signInWithPasskeyInBrowser } from '#app/lib/passkey'
import type { RootData } from '#app/root'
import {
  PASSWORD_RESET_REQUEST_MESSAGES,
  requestPasswordReset,
} from '#app/services/auth/request-password-reset.server'
import { getSessionUser } from '#app/services/auth/require-user.server'
import { signIn } from '#app/services/auth/sign-in.server'
import { verifySecondFactor } from '#app/services/auth/two-factor.server'
import type { Route } from './+types/auth'

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) =>
  privatePageMeta(
    matches,
    loaderData?.mode === 'reset'
      ? 'Mot de passe oublié'
      : loaderData?.mode === 'code'
        ? 'Vérification'
        : 'Connexion',
  )

/** Toast and inline texts of the page (public spec §8 "Login", "Reset", "Logout"). */
const TEXTS = {
  signInError: 'Erreur de connexion',
  resetError: 'Erreur',
  codeError: 'Vérification impossible',
} as const

const codeSchema = z.object({
  code: z.string().trim().min(1, 'Veuillez saisir le code').max(40, 'Code incorrect.'),
})

/** The page's modes, from `?mode=`: sign-in (default), `reset`, and `code` (the second factor). */
function modeOf(value: string | null) {
  return value === 'reset' ? ('reset' as const) : value === 'code' ? ('code' as const) : ('sign-in' as const)
}

const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Veuillez saisir votre email')
    .max(320)
    .email('Veuillez saisir une adresse email valide'),
  password: z.string().min(1, 'Veuillez saisir votre mot de passe').max(200),
})

/**
 * Signed-in visitors go to /admin (public spec §2 "/auth"). Otherwise the page's mode comes from
 * the address, so it works without JavaScript: `?mode=reset` shows 'Mot de passe oublié ?', and
 * `?mode=code` the second step of an account with a second factor (issue #37 §3). The sign-out
 * lands here with its flash toast ('Déconnexion réussie'), shown inline as well.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect('/admin')
  return { mode: modeOf(new URL(request.url).searchParams.get('mode')) }
}

type ActionAnswer =
  | { intent: 'sign-in'; error: string }
  | { intent: 'second-factor'; error: string }
  | { intent: 'request-reset'; sent: true; title: string; description: string }
  | { intent: 'request-reset'; error: string }

/**
 * Two forms, told apart by `intent`:
 * - 'sign-in' (default): rate-limited sign-in; success sets the session cookies and goes to
 *   /auth/callback ('Connexion réussie', then /admin); failure answers the French message.
 * - 'request-reset': asks for a reset link; the same answer (padded to a fixed duration) whether
 *   or not the account exists; 400 for an invalid address, 429 past the limits.
 * - 'second-factor': the code of an account with a second factor (six digits from the app, or a
 *   recovery code), after a right password sent the person to `?mode=code`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  if (form.get('intent') === 'second-factor') {
    const parsed = codeSchema.safeParse({ code: form.get('code') ?? '' })
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? TEXTS.codeError
      return data<ActionAnswer>({ intent: 'second-factor', error }, { status: 400 })
    }
    const result = await verifySecondFactor({
      code: parsed.data.code,
      headers: request.headers,
      clientIp: context.clientIp,
    })
    if (!result.ok)
      return data<ActionAnswer>({ intent: 'second-factor', error: result.message }, { status: result.status })
    return redirect('/auth/callback', { headers: setCookieHeaders(result.setCookies) })
  }
  if (form.get('intent') === 'request-reset') {
    const result = await requestPasswordReset({ email: form.get('email'), clientIp: context.clientIp })
    if (!result.ok) {
      return data<ActionAnswer>({ intent: 'request-reset', error: result.message }, { status: result.status })
    }
    return data<ActionAnswer>({
      intent: 'request-reset',
      sent: true,
      title: PASSWORD_RESET_REQUEST_MESSAGES.sentTitle,
      description: PASSWORD_RESET_REQUEST_MESSAGES.sentDescription,
    })
  }

  const parsed = signInSchema.safeParse({
    email: form.get('email') ?? '',
    password: form.get('password') ?? '',
  })
  if (!parsed.success) {
    return data<ActionAnswer>(
      { intent: 'sign-in', error: parsed.error.issues[0]?.message ?? TEXTS.signInError },
      { status: 400 },
    )
  }
  const result = await signIn({
    ...parsed.data,
    clientIp: context.clientIp,
    userAgent: request.headers.get('user-agent'),
  })
  if (!result.ok)
    return data<ActionAnswer>({ intent: 'sign-in', error: result.message }, { status: result.status })
  return redirect(result.needsSecondFactor ? '/auth?mode=code' : '/auth/callback', {
    headers: setCookieHeaders(result.setCookies),
  })
}

/** A labelled input of the page's forms, marked invalid after a refused attempt. */
function AuthField({
  label,
  invalid,
  ...input
}: {
  label: string
  name: string
  type: 'email' | 'password' | 'text'
  autoComplete: string
  maxLength: number
  invalid: boolean
  inputMode?: 'numeric' | 'text'
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-gray-900">
      {label}
      <input {...input} required aria-invalid={invalid ? true : undefined} className={authInputClass} />
    </label>
  )
}

/**
 * The e-mail input of both forms: at most 254 characters, the longest address (RFC 5321), as the
 * reset request checks on the server.
 */
function AuthEmailField({ invalid }: { invalid: boolean }) {
  return (
    <AuthField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      maxLength={254}
      invalid={invalid}
    />
  )
}

/**
 * One form of the page, after its answers as the page shows them (for browsers without
 * JavaScript): a success or notice in a polite live region, then the last attempt's error.
 *
 * @param action - where it posts, e.g. '/auth?mode=reset'.
 * @param intent - the `intent` it sends ('sign-in' or 'request-reset').
 * @param notice - the success or notice to announce, if any.
 * @param error - the last attempt's error, if any.
 * @param busy - a form is being sent: the submit button is disabled.
 * @param submit - the submit button's icon and words.
 * @param children - the form's fields.
 */
function AuthForm({
  action,
  intent,
  notice,
  error,
  busy,
  submit: { icon: Icon, label },
  children,
}: {
  action: string
  intent: ActionAnswer['intent']
  notice?: { tone: 'success' | 'error'; title: string; text?: string }
  error?: { title: string; text: string }
  busy: boolean
  submit: { icon: LucideIcon; label: string }
  children: ReactNode
}) {
  return (
    <>
      <div aria-live="polite" className="mt-6 empty:hidden">
        {notice ? (
          <Notice tone={notice.tone} title={notice.title} message={notice.text} className="text-sm" />
        ) : null}
      </div>
      {error ? (
        <Notice tone="error" title={error.title} message={error.text} className="mt-6 text-sm" />
      ) : null}
      <Form method="post" action={action} className="mt-6 flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value={intent} />
        {children}
        <Button type="submit" className="inline-flex items-center justify-center gap-2" disabled={busy}>
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      </Form>
    </>
  )
}

/**
 * « Se connecter avec une clé d’accès » (issue #37 §3): the browser's WebAuthn ceremony for any
 * passkey of this site (its code loaded on the click), then /auth/callback once the server opened
 * the session; a cancelled or refused attempt says why under the button and in a toast.
 */
function PasskeySignIn() {
  const navigate = useNavigate()
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false })
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-gray-200 pt-6">
      <Button
        type="button"
        variant="outline"
        className="inline-flex items-center justify-center gap-2"
        disabled={state.busy}
        onClick={async () => {
          setState({ busy: true })
          const result = await signInWithPasskeyInBrowser()
          if (result.ok) {
            navigate('/auth/callback', { replace: true })
            return
          }
          setState({ busy: false, error: result.message })
          toast.error(TEXTS.signInError, { description: result.message })
        }}
      >
        <Fingerprint aria-hidden="true" className="size-4" />
        Se connecter avec une clé d’accès
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {state.error ? (
          <Notice tone="error" title={TEXTS.signInError} message={state.error} className="text-sm" />
        ) : null}
      </div>
    </div>
  )
}

/**
 * /auth (public spec §2): sign-in with e-mail and password or with a passkey (issue #37 §3), the 'Mot de passe oublié ?' mode that
 * sends a reset link, and 'Retour à l'accueil'. Answers show as toasts and, for browsers without
 * JavaScript, as the same texts inside the page.
 */
export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode } = loaderData
  const flash = useRouteLoaderData<RootData>('root')?.toast
  const navigation = useNavigation()
  const isSubmitting = navigation.state === 'submitting'
  const answer = navigation.state === 'idle' ? actionData : undefined
  const signInError = answer?.intent === 'sign-in' ? answer.error : undefined
  const codeError = answer?.intent === 'second-factor' ? answer.error : undefined
  const resetSent = answer?.intent === 'request-reset' && 'sent' in answer ? answer : undefined
  const resetError = answer?.intent === 'request-reset' && 'error' in answer ? answer.error : undefined

  useEffect(() => {
    if (!actionData) return
    if (actionData.intent === 'sign-in') {
      toast.error(TEXTS.signInError, { description: actionData.error })
    } else if (actionData.intent === 'second-factor') {
      toast.error(TEXTS.codeError, { description: actionData.error })
    } else if ('sent' in actionData) {
      toast.success(actionData.title, { description: actionData.description })
    } else {
      toast.error(TEXTS.resetError, { description: actionData.error })
    }
  }, [actionData])

  return (
    <AuthCard back={{ to: '/', label: "Retour à l'accueil" }}>
      {mode === 'code' ? (
        <>
          <AuthHeading icon={ShieldCheck}>Vérification</AuthHeading>
          <p className="mt-3 text-sm text-gray-600">
            Saisissez le code à six chiffres de votre application d'authentification, ou un de vos codes de
            secours.
          </p>
          <AuthForm
            action="/auth?mode=code"
            intent="second-factor"
            error={codeError ? { title: TEXTS.codeError, text: codeError } : undefined}
            busy={isSubmitting}
            submit={{ icon: ShieldCheck, label: 'Vérifier' }}
          >
            <AuthField
              label="Code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={40}
              invalid={Boolean(codeError)}
            />
          </AuthForm>
          <AuthBackLink to="/auth">Retour à la connexion</AuthBackLink>
        </>
      ) : mode === 'reset' ? (
        <>
          <AuthHeading icon={KeyRound}>Mot de passe oublié ?</AuthHeading>
          <p className="mt-3 text-sm text-gray-600">
            Saisissez l'adresse email de votre compte : vous recevrez un lien pour choisir un nouveau mot de
            passe.
          </p>
          <AuthForm
            action="/auth?mode=reset"
            intent="request-reset"
            notice={
              resetSent ? { tone: 'success', title: resetSent.title, text: resetSent.description } : undefined
            }
            error={resetError ? { title: TEXTS.resetError, text: resetError } : undefined}
            busy={isSubmitting}
            submit={{ icon: Mail, label: 'Envoyer le lien de réinitialisation' }}
          >
            <AuthEmailField invalid={Boolean(resetError)} />
          </AuthForm>
          <AuthBackLink to="/auth">Retour à la connexion</AuthBackLink>
        </>
      ) : (
        <>
          <AuthHeading icon={LogIn}>Connexion</AuthHeading>
          <p className="mt-3 text-sm text-gray-600">Espace réservé à l'administration du site.</p>
          <AuthForm
            action="/auth"
            intent="sign-in"
            // The flash toast (the sign-out's) inline too, for a page without JavaScript.
            notice={
              flash
                ? {
                    tone: flash.type === 'error' ? 'error' : 'success',
                    title: flash.title,
                    text: flash.description,
                  }
                : undefined
            }
            error={signInError ? { title: TEXTS.signInError, text: signInError } : undefined}
            busy={isSubmitting}
            submit={{ icon: LogIn, label: 'Se connecter' }}
          >
            <AuthEmailField invalid={Boolean(signInError)} />
            <AuthField
              label="Mot de passe"
              name="password"
              type="password"
              autoComplete="current-password"
              maxLength={200}
              invalid={Boolean(signInError)}
            />
          </AuthForm>
          <PasskeySignIn />
          <Link
            to="/auth?mode=reset"
            className="mt-6 inline-block rounded text-sm text-gray-700 underline underline-offset-4 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Mot de passe oublié ?
          </Link>
        </>
      )}
    </AuthCard>
  )
}
