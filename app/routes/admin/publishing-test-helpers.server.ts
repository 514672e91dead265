import type { AdminActionData } from '#app/lib/admin-result'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }

/** What an admin action answered: HTTP status and body, or the redirect location. */
export type ActionOutcome = { status: number; body?: AdminActionData; location?: string | null }

/**
 * Test helper of the publishing screens: posts `fields` (repeated fields as arrays) to a route's
 * action as the holder of `cookie` and returns the status and answer.
 */
export async function postAction(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string | string[]>,
  cookie?: string,
): Promise<ActionOutcome> {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(key, item)
  }
  const posted = new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    body,
    headers: cookie ? { cookie } : {},
  })
  const result = await action({ request: posted, params: {}, context } as never).catch(
    (thrown: unknown) => thrown,
  )
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') }
  if (result && typeof result === 'object' && 'init' in result) {
    const wrapped = result as { init?: { status?: number }; data: AdminActionData }
    return { status: wrapped.init?.status ?? 200, body: wrapped.data }
  }
  return { status: 200, body: result as AdminActionData }
}

/** Calls a route's loader as the holder of `cookie` and returns its data. */
export async function callLoader<T>(
  loader: (args: never) => Promise<T>,
  path: string,
  cookie: string,
): Promise<T> {
  return loader({
    request: new Request(`http://localhost:3000${path}`, { headers: { cookie } }),
    params: {},
    context,
  } as never)
}
