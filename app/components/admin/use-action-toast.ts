import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { AdminActionData } from '#app/lib/admin-result'

/**
 * Shows the toast of a back-office action's answer once (back-office spec §8: 'Succès' /
 * 'Erreur' toasts; the root Toaster shows one at a time for 4000 ms). The admin layout shows the
 * same toast (same id) from its cookie, for components that are gone by the time the answer comes.
 *
 * @param result - `fetcher.data` or `actionData`; a new object means a new answer.
 */
export function useActionToast(result: AdminActionData | undefined): void {
  const shown = useRef<AdminActionData | undefined>(undefined)
  useEffect(() => {
    if (!result?.toast || result === shown.current) return
    shown.current = result
    const show = result.toast.type === 'success' ? toast.success : toast.error
    show(result.toast.title, { id: result.toastId, description: result.toast.description })
  }, [result])
}
