import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { pageMeta } from '#app/lib/meta'
import { getSessionUser } from '#app/services/auth/require-user.server'
import { signIn } from '#app/services/auth/sign-in.server'
import type { Route } from './+types/auth'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Connexion'),
  { name: 'robots', content: 'noindex, nofollow' },
]

const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Veuillez saisir votre email')
    .max(320)
    .email('Veuillez saisir une adresse email valide'),
  password: z.string().min(1, 'Veuillez saisir votre mot de passe').max(200),
})

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect('/admin')
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = signInSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? 'Erreur de connexion' }, { status: 400 })
  }
  const result = await signIn({ ...parsed.data, clientIp: context.clientIp })
  if (!result.ok) return data({ error: result.message }, { status: result.status })
  const headers = new Headers()
  for (const cookie of result.setCookies) headers.append('Set-Cookie', cookie)
  return redirect('/admin', { headers })
}

// The password-reset mode and toasts arrive with the back-office issue (#3).
export default function AuthPage({ actionData }: Route.ComponentProps) {
  const isSubmitting = useNavigation().state === 'submitting'
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold">Connexion</h1>
      <Form method="post" className="mt-8 flex flex-col gap-4" noValidate>
        {actionData?.error ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <strong>Erreur de connexion</strong> — {actionData.error}
          </p>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          Email
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            className="rounded-md border border-gray-300 px-3 py-2"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Mot de passe
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="rounded-md border border-gray-300 px-3 py-2"
          />
        </label>
        <button type="submit" className="btn" disabled={isSubmitting}>
          Se connecter
        </button>
      </Form>
      <Link to="/" className="mt-8 inline-block text-sm underline underline-offset-4">
        Retour à l'accueil
      </Link>
    </div>
  )
}
