import { Form, redirect } from 'react-router'
import { getAuth } from '#app/auth.server'
import { pageMeta } from '#app/lib/meta'
import { type AdminIntentArgs, adminAction } from '#app/services/auth/admin-route.server'
import { requireAdmin } from '#app/services/auth/require-user.server'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Administration'),
  { name: 'robots', content: 'noindex, nofollow' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  return { email: admin.email }
}

export const action = adminAction<Route.ActionArgs>({ 'sign-out': signOut })

async function signOut({ request }: AdminIntentArgs<Route.ActionArgs>) {
  const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true })
  const headers = new Headers()
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
  return redirect('/', { headers })
}

// The dashboard's cards and screens arrive with the rest of the back-office issue (#3).
export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Administration</h1>
      <p className="mt-4 text-gray-600">Connecté en tant que {loaderData.email}</p>
      <Form method="post" className="mt-8">
        <input type="hidden" name="intent" value="sign-out" />
        <button type="submit" className="btn btn-outline">
          Se déconnecter
        </button>
      </Form>
    </div>
  )
}
