import { useEffect } from 'react'
import { toast as sonner } from 'sonner'
import type { Toast } from '#app/lib/toast'
import { ToastRequest } from './toast-request'

/**
 * Shows the flash toast the server left for this page (app/http/toast.server.ts, read by root.tsx)
 * once: through sonner on a hydrated page (under its id, so a second read of the same toast
 * replaces it rather than adding one), through the enhancement script on a static page.
 *
 * @param toast - the flash toast, or nothing.
 * @param isStatic - whether the page is sent without React (app/lib/static-page.ts).
 */
export function FlashToast({
  toast,
  isStatic,
}: {
  toast: (Toast & { id: string }) | null | undefined
  isStatic: boolean
}) {
  useEffect(() => {
    if (!toast) return
    const show =
      toast.type === 'success' ? sonner.success : toast.type === 'error' ? sonner.error : sonner.info
    show(toast.title, { id: toast.id, description: toast.description })
  }, [toast])
  return isStatic ? <ToastRequest toast={toast} /> : null
}
