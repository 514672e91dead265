import { CircleCheck, KeyRound } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { data, Form, Link, redirect, useNavigate, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { PASSWORD_MIN_LENGTH } from '#app/auth.server'
import { AuthCard, AuthHeading, authInputClass } from '#app/components/auth-card'
import { Notice } from '#app/components/forms'
import { Button } from '#app/components/ui/button'
import { setCookieHeaders } from '#app/http/set-cookies.server'
import { redirectWithToast } from '#app/http/toast.server'
import { readForm } from '#app/lib/form-data'
import { privatePageMeta } from '#app/lib/meta'
import type { Toast } from '#app/lib/toast'
import { logger } from '#app/logger.server'
import { getSessionUser } from '#app/services/auth/require-user.server'
import {
  isResetTokenValid,
  RESET_PASSWORD_MESSAGES,
  resetPassword,
} from '#app/services/auth/reset-password.server'
import type { Route } from './+types/auth-callback'

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) =>
  privatePageMeta(matches, loaderData?.kind === 'reset' ? 'Nouveau mot de passe' : 'Connexion')

/** Toast and inline texts (public spec §8 "Login" and "Callback"). */
const TEXTS = {
  signedInTitle: 'Connexion réussie',
  signedInDescription: 'Redirection...',
  authError: "Erreur d'authentification",
  error: 'Erreur',
} as const

/** The toast of a session check that failed (public spec §8 "Callback"). */
const SESSION_CHECK_FAILED: Toast = {
  type: 'error',
  title: 'Erreur inattendue',
  description: "Une erreur est survenue lors de l'authentification.",
}

/** The reset link's token is a credential: never cached, never sent on as a referrer. */
const PRIVATE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

/**
 * /auth/callback (public spec §2): with `?token=…` (the password-reset link of the e-mail) the form
 * choosing a new password, or the French error when the link is unknown, spent or expired (400).
 * Without a token: a session shows 'Connexion réussie' and goes on to /admin; none goes to /auth,
 * and a session check that fails goes there with the toast 'Erreur inattendue'.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  if (token !== null) {
    const valid = await isResetTokenValid(token)
    return data(
      {
        kind: 'reset' as const,
        token,
        valid,
        invalidMessage: RESET_PASSWORD_MESSAGES.invalidToken,
        minLength: PASSWORD_MIN_LENGTH,
      },
      { status: valid ? 200 : 400, headers: PRIVATE_HEADERS },
    )
  }
  let signedIn: boolean
  try {
    signedIn = (await getSessionUser(request)) !== null
  } catch (error) {
    // The session could not be checked (the database is unreachable…): public spec §8 "Callback".
    logger.error({ err: error }, 'Vérification de la session impossible sur /auth/callback')
    throw await redirectWithToast('/auth', SESSION_CHECK_FAILED)
  }
  if (!signedIn) throw redirect('/auth')
  return data({ kind: 'signed-in' as const }, { headers: { 'Cache-Control': 'no-store' } })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const result = new Headers(loaderHeaders)
  for (const [name, value] of actionHeaders) result.set(name, value)
  return result
}

/**
 * Saves the new password of a reset link (token, password, confirmation): on success the account
 * is signed in and the page comes back without a token ('Connexion réussie', then /admin); else the
 * French message (400 bad password or unusable link, 429 too many attempts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const result = await resetPassword({
    token: text('token'),
    password: text('password'),
    confirmation: text('confirmation'),
    clientIp: context.clientIp,
  })
  if (!result.ok) {
    return data(
      { error: result.message, field: result.field ?? null },
      { status: result.status, headers: PRIVATE_HEADERS },
    )
  }
  return redirect('/auth/callback', { headers: setCookieHeaders(result.setCookies) })
}

function SignedIn() {
  const navigate = useNavigate()
  const started = useRef(false)
  useEffect(() => {
    // Once: `navigate` changes identity while the navigation it started is under way.
    if (started.current) return
    started.current = true
    toast.success(TEXTS.signedInTitle, { id: 'signed-in', description: TEXTS.signedInDescription })
    navigate('/admin', { replace: true })
  }, [navigate])
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-center">
      {/* Without JavaScript the browser follows this refresh; with it, the effect above navigates. */}
      <noscript>
        <meta httpEquiv="refresh" content="1;url=/admin" />
      </noscript>
      <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
      <h1 className="text-2xl font-bold text-gray-900">{TEXTS.signedInTitle}</h1>
      <p className="text-gray-600">{TEXTS.signedInDescription}</p>
      <Link to="/admin" className="btn mt-2">
        Accéder à l'administration
      </Link>
    </div>
  )
}

function InvalidLink({ message }: { message: string }) {
  return (
    <Notice tone="error" title={TEXTS.authError} message={message} className="text-sm">
      <Link
        to="/auth?mode=reset"
        className="mt-3 inline-block rounded font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Demander un nouveau lien
      </Link>
    </Notice>
  )
}

/** The page: 'Connexion réussie' on the way to /admin, or the new-password form of a reset link. */
export default function AuthCallback({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const isSubmitting = navigation.state === 'submitting'
  const answer = navigation.state === 'idle' ? actionData : undefined

  useEffect(() => {
    if (!actionData) return
    toast.error(actionData.field === 'token' ? TEXTS.authError : TEXTS.error, {
      description: actionData.error,
    })
  }, [actionData])

  const invalidMessage = loaderData.kind === 'reset' && !loaderData.valid ? loaderData.invalidMessage : null
  useEffect(() => {
    if (invalidMessage) toast.error(TEXTS.authError, { id: 'reset-link', description: invalidMessage })
  }, [invalidMessage])

  if (loaderData.kind === 'signed-in') {
    return (
      <AuthCard spacing="py-16">
        <SignedIn />
      </AuthCard>
    )
  }

  const tokenError = invalidMessage !== null || answer?.field === 'token'
  const passwordError = answer && answer.field !== 'token' ? answer.error : undefined
  return (
    <AuthCard back={{ to: '/auth', label: 'Retour à la connexion' }}>
      <AuthHeading icon={KeyRound}>Nouveau mot de passe</AuthHeading>
      {tokenError ? (
        <div className="mt-6">
          <InvalidLink message={answer?.error ?? loaderData.invalidMessage} />
        </div>
      ) : (
        <>
          <p className="mt-3 text-sm text-gray-600">
            Choisissez le nouveau mot de passe de votre compte. Vous serez ensuite connecté.
          </p>
          {passwordError ? (
            <Notice tone="error" title={TEXTS.error} message={passwordError} className="mt-6 text-sm" />
          ) : null}
          <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
            <input type="hidden" name="token" value={loaderData.token} />
            <div className="flex flex-col gap-1">
              <label htmlFor="new-password" className="text-sm font-medium text-gray-900">
                Nouveau mot de passe
              </label>
              <input
                id="new-password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={loaderData.minLength}
                maxLength={128}
                aria-describedby="password-hint"
                aria-invalid={passwordError ? true : undefined}
                className={authInputClass}
              />
              <p id="password-hint" className="text-xs text-gray-600">
                Au moins {loaderData.minLength} caractères.
              </p>
            </div>
            <label className="flex flex-col gap-1 text-sm font-medium text-gray-900">
              Confirmer le mot de passe
              <input
                name="confirmation"
                type="password"
                autoComplete="new-password"
                required
                minLength={loaderData.minLength}
                maxLength={128}
                aria-invalid={passwordError ? true : undefined}
                className={authInputClass}
              />
            </label>
            <Button type="submit" disabled={isSubmitting}>
              Enregistrer le mot de passe
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  )
}
