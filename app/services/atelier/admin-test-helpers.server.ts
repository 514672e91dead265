import sharp from 'sharp'
import { resetAuthForTests } from '#app/auth.server'
import type { AdminActionData } from '#app/lib/admin-result'
import { ingestImage } from '#app/media/ingest-image.server'
import { signedInCookie } from '#app/services/auth/test-sessions.server'
import { resetRateLimitsForTests } from '#app/services/rate-limit.server'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }

type Action = (args: never) => Promise<unknown>
type Loader = (args: never) => Promise<unknown>

/** Test helper: resets sign-in state and returns an administrator's Cookie header. */
export async function adminCookie(): Promise<string> {
  resetAuthForTests()
  await resetRateLimitsForTests()
  return signedInCookie('admin')
}

/**
 * Test helper: posts a form to a back-office action as the person behind `cookie`.
 *
 * @returns the HTTP status and the action's answer.
 */
export async function postAction(
  action: Action,
  path: string,
  fields: Record<string, string | string[]>,
  cookie: string,
): Promise<{ status: number; body: AdminActionData }> {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item)
  }
  const result = await action({
    request: new Request(`http://localhost:3000${path}`, { method: 'POST', body, headers: { cookie } }),
    params: {},
    context,
  } as never)
  if (result && typeof result === 'object' && 'init' in result) {
    const wrapped = result as { init?: { status?: number }; data: AdminActionData }
    return { status: wrapped.init?.status ?? 200, body: wrapped.data }
  }
  return { status: 200, body: result as AdminActionData }
}

/** Test helper: runs a back-office loader as the person behind `cookie` and returns its data. */
export async function runLoader<T>(loader: Loader, path: string, cookie: string): Promise<T> {
  return (await loader({
    request: new Request(`http://localhost:3000${path}`, { headers: { cookie } }),
    params: {},
    context,
  } as never)) as T
}

/**
 * Test helper: ingests a small generated PNG into `folder` (a different colour gives a different
 * file) and returns its stored URL.
 */
export async function ingestTestImage(folder: string, colour = '#223344'): Promise<string> {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const { url } = await ingestImage({ bytes, folder, originalName: 'test.png', maxBytes: 10 * 1024 * 1024 })
  return url
}
