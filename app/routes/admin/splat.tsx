import { data } from 'react-router'
import { NotFound } from '#app/components/not-found'
import { requireAdmin } from '#app/services/auth/require-user.server'
import type { Route } from './+types/splat'

// Admin screens arrive with issue #3: until then an admin gets the 404 page, everyone else the guard.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return data(null, { status: 404 })
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  return data(null, { status: 404 })
}

export default function AdminScreen() {
  return <NotFound />
}
