import { useEffect } from 'react'
import { data, Outlet, useLocation, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { AdminSkeleton } from '#app/components/admin/skeletons'
import { takeFlashToast } from '#app/services/admin-flash-toast.server'
import { adminLoader } from '#app/services/auth/admin-route.server'
import type { Route } from './+types/layout'

/** Loading placeholders while a screen's data loads (back-office spec §9). */
const SKELETONS: Record<string, { count: number; variant: 'card' | 'row' }> = {
  '/admin/categories': { count: 3, variant: 'card' },
  '/admin/pages': { count: 3, variant: 'card' },
  '/admin/messages': { count: 5, variant: 'row' },
  '/admin/settings': { count: 4, variant: 'row' },
}
const LIST_SKELETON = { count: 6, variant: 'card' as const }

/**
 * Behind the admin guard: the toast left by the last back-office action (cookie, cleared here),
 * reloaded after every action like every loader of the page.
 */
export const loader = adminLoader(async ({ request }: Route.LoaderArgs) => {
  const { toast: flash, clear } = takeFlashToast(request)
  return clear ? data({ toast: flash }, { headers: { 'Set-Cookie': clear } }) : { toast: flash }
})

/**
 * Frame of the back-office routes. While the person goes from one screen to another, the target
 * screen's placeholders show; the last action's toast shows here too (same id as the screen's,
 * so once), which keeps it when the card or form that sent the action is already gone.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const location = useLocation()
  const flash = loaderData.toast
  useEffect(() => {
    if (!flash) return
    const show = flash.type === 'success' ? toast.success : toast.error
    show(flash.title, { id: flash.id, description: flash.description })
  }, [flash])

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
