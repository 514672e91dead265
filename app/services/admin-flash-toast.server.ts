import { type UNSAFE_DataWithResponseInit as DataWithResponseInit, data } from 'react-router'
import type { AdminActionData, AdminToast } from '#app/lib/admin-result'

/** A toast on its way to the admin layout, with the id the screen shows it under. */
export type FlashToast = AdminToast & { id: string }

/** Cookie carrying the last back-office toast to the admin layout's next load. */
const COOKIE = 'encre_toast'
/** Lifetime of the cookie, in s: the layout reloads right after the action. */
const MAX_AGE_SECONDS = 60

/**
 * Adds the toast of an action's answer to a short-lived cookie, so the always-mounted admin layout
 * shows it even when the component that sent the action is gone (a deleted card, a form closed on
 * save). The answer gets a `toastId`; screens and the layout show the toast with that id, so it
 * appears once (sonner replaces a toast with the same id).
 *
 * @param answer - an action's answer: plain data, data() with init, or a Response (left as is).
 * @returns the same answer, with the cookie set when it carries a toast.
 */
export function withFlashToast<T extends AdminActionData>(
  answer: T | DataWithResponseInit<T> | Response,
): T | DataWithResponseInit<T> | Response {
  if (answer instanceof Response) return answer
  const wrapped = 'init' in answer && 'data' in answer ? answer : undefined
  const body = (wrapped ? wrapped.data : answer) as T
  if (!body?.toast) return answer
  const flash: FlashToast = { ...body.toast, id: body.toastId ?? crypto.randomUUID() }
  const headers = new Headers(wrapped?.init?.headers)
  headers.append(
    'Set-Cookie',
    serialize(Buffer.from(JSON.stringify(flash)).toString('base64url'), MAX_AGE_SECONDS),
  )
  return data({ ...body, toastId: flash.id }, { ...wrapped?.init, headers })
}

function serialize(value: string, maxAge: number): string {
  return `${COOKIE}=${value}; Path=/admin; Max-Age=${maxAge}; HttpOnly; SameSite=Lax`
}

/**
 * Reads (and clears) the toast left by the last back-office action.
 *
 * @param request - the admin layout loader's request.
 * @returns the toast, or null, and the Set-Cookie header value clearing it (when there was one).
 */
export function takeFlashToast(request: Request): { toast: FlashToast | null; clear: string | null } {
  const cookie = request.headers.get('Cookie') ?? ''
  const match = cookie.match(/(?:^|;\s*)encre_toast=([\w-]+)/)
  if (!match?.[1]) return { toast: null, clear: null }
  const clear = serialize('', 0)
  try {
    const parsed = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as FlashToast
    const valid =
      (parsed.type === 'success' || parsed.type === 'error') &&
      typeof parsed.title === 'string' &&
      typeof parsed.id === 'string'
    return { toast: valid ? parsed : null, clear }
  } catch {
    return { toast: null, clear }
  }
}
