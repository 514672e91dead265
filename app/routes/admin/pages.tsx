import { data } from 'react-router'
import { AdminEmpty, AdminPage, adminMeta } from '#app/components/admin/admin-page'
import { adminAction, adminLoader } from '#app/services/auth/admin-route.server'
import type { Route } from './+types/pages'

// Placeholder until this screen lands (issue #3 / #4): guarded like every admin route.
export const meta: Route.MetaFunction = () => adminMeta('Administration')

export const loader = adminLoader(async (_args: Route.LoaderArgs) => data({ ready: false }, { status: 404 }))

export const action = adminAction<Route.ActionArgs>({})

export default function Placeholder() {
  return (
    <AdminPage title="Administration">
      <AdminEmpty>Cet écran arrive bientôt.</AdminEmpty>
    </AdminPage>
  )
}
