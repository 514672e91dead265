import { data } from 'react-router'
import { NotFound } from '#app/components/not-found'
import { adminLoader } from '#app/http/admin-action.server'
import type { Route } from './+types/splat'

// An unknown /admin path: the guard first (visitors → /auth, non-admins → /), then the 404 page.
// No action: a POST here gets React Router's 405 and reads nothing.
export const loader = adminLoader(async (_args: Route.LoaderArgs) => data(null, { status: 404 }))

export default function AdminScreen() {
  return <NotFound />
}
