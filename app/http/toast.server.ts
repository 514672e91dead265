import { randomUUID } from 'node:crypto'
import { createCookieSessionStorage, redirect } from 'react-router'
import { resolveAuthSecret } from '#app/auth.server'
import { type Env, getEnv } from '#app/env.server'
import type { Toast } from '#app/lib/toast'

/** A toast on its way to the next page, with the id sonner shows it under (so it shows once). */
export type FlashToast = Toast & { id: string }

type ToastStorage = ReturnType<
  typeof createCookieSessionStorage<Record<string, never>, { toast: FlashToast }>
>

let storageCache: { env: Env; storage: ToastStorage } | undefined

/**
 * The flash toast's cookie (issue #9 §1, the Epic Stack's `toast.server.ts` shape): signed with the
 * app secret, http-only, SameSite=Lax, Secure when the site is served over HTTPS, for the whole
 * site (a back-office action's toast, the sign-out's on /auth), and read once.
 */
function toastStorage() {
  const env = getEnv()
  if (storageCache?.env !== env) {
    storageCache = {
      env,
      storage: createCookieSessionStorage<Record<string, never>, { toast: FlashToast }>({
        cookie: {
          name: 'encre_toast',
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: env.SITE_URL_RESOLVED.startsWith('https:'),
          secrets: [resolveAuthSecret(env)],
        },
      }),
    }
  }
  return storageCache.storage
}

/**
 * The `Set-Cookie` header that makes the next page show `toast` once (root.tsx reads it).
 *
 * @param toast - the toast; `id` defaults to a new UUID.
 * @returns headers to send with the answer (an action's data() or a redirect).
 */
export async function createToastHeaders(toast: Toast & { id?: string }): Promise<Headers> {
  const storage = toastStorage()
  const session = await storage.getSession()
  session.flash('toast', { ...toast, id: toast.id ?? randomUUID() } satisfies FlashToast)
  return new Headers({ 'Set-Cookie': await storage.commitSession(session) })
}

/**
 * A redirect to `url` whose page shows `toast` once.
 *
 * @param url - where to go, e.g. '/auth'.
 * @param toast - the toast to show there.
 * @param init - more of the answer, e.g. `{ headers }` with the session cookies to clear.
 * @returns the redirect Response (302), with the toast's cookie added to `init`'s headers.
 */
export async function redirectWithToast(
  url: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers)
  for (const [name, value] of await createToastHeaders(toast)) headers.append(name, value)
  return redirect(url, { ...init, headers })
}

function isFlashToast(value: unknown): value is FlashToast {
  if (!value || typeof value !== 'object') return false
  const toast = value as Partial<FlashToast>
  return (
    (toast.type === 'success' || toast.type === 'error' || toast.type === 'info') &&
    typeof toast.title === 'string' &&
    typeof toast.id === 'string' &&
    (toast.description === undefined || typeof toast.description === 'string')
  )
}

/**
 * Reads the flash toast of a request, once: the answer's headers clear it.
 *
 * @param request - the page's request (root.tsx's loader).
 * @returns the toast or null (none, a forged or unreadable cookie), and the `Set-Cookie` headers
 *   that clear it (null when the request carried no toast cookie: nothing to send).
 */
export async function getToast(
  request: Request,
): Promise<{ toast: FlashToast | null; headers: Headers | null }> {
  const cookie = request.headers.get('Cookie')
  // Most requests carry no toast: no parsing, no header, and the page stays cacheable.
  if (!cookie?.includes('encre_toast=')) return { toast: null, headers: null }
  const storage = toastStorage()
  const session = await storage.getSession(cookie)
  const value: unknown = session.get('toast')
  return {
    toast: isFlashToast(value) ? value : null,
    headers: new Headers({ 'Set-Cookie': await storage.destroySession(session) }),
  }
}
