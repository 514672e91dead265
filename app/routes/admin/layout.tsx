import { Outlet, useLocation, useNavigation } from 'react-router'
import { AdminSkeleton } from '#app/components/admin/skeletons'
import { adminLoader } from '#app/http/admin-action.server'
import type { Route } from './+types/layout'
import '#app/admin.css'

/** Loading placeholders while a screen's data loads (back-office spec §9). */
const SKELETONS: Record<string, { count: number; variant: 'card' | 'row' }> = {
  '/admin/categories': { count: 3, variant: 'card' },
  '/admin/pages': { count: 3, variant: 'card' },
  '/admin/messages': { count: 5, variant: 'row' },
  '/admin/settings': { count: 4, variant: 'row' },
}
const LIST_SKELETON = { count: 6, variant: 'card' as const }

/** Nothing of the back-office loads before the guard. */
export const loader = adminLoader(async (_args: Route.LoaderArgs) => null)

/**
 * Frame of the back-office routes. While the person goes from one screen to another, the target
 * screen's placeholders show. (The actions' toasts are flash toasts, shown by root.tsx.)
 */
export default function AdminLayout() {
  const navigation = useNavigation()
  const location = useLocation()

  const target = navigation.state === 'loading' ? navigation.location?.pathname : undefined
  if (target && target !== location.pathname && target.startsWith('/admin/')) {
    const skeleton = SKELETONS[target] ?? LIST_SKELETON
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="mb-8 h-8 w-64 animate-pulse rounded bg-gray-200" />
        <AdminSkeleton count={skeleton.count} variant={skeleton.variant} />
      </div>
    )
  }
  return <Outlet />
}
