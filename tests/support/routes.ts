import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub, Outlet } from 'react-router'
import { resetAuthForTests } from '#app/auth.server'
import type { AdminActionData } from '#app/lib/admin-result'
import { resetRateLimitsForTests } from '#app/services/rate-limit.server'
import { signedInCookie } from './sessions'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }

/** What an admin action answered: HTTP status and body. */
export type ActionOutcome = { status: number; body: AdminActionData }

/**
 * Route tests' helpers (issue #9 §3: one `postAction`, `runLoader` and sign-in for every route
 * test): call a route's action or loader as the app does, render a route to HTML.
 */

/** Resets sign-in state (auth instance, rate limits) and returns an administrator's Cookie header. */
export async function adminCookie(): Promise<string> {
  resetAuthForTests()
  await resetRateLimitsForTests()
  return signedInCookie('admin')
}

/**
 * Posts `fields` (repeated fields as arrays) to a route's action as the holder of `cookie`.
 *
 * @returns the HTTP status and the answer.
 * @throws Error when the action answered a redirect or another Response (a guard's, for one).
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
  if (result instanceof Response) {
    throw new Error(`L'action a répondu ${result.status} vers ${result.headers.get('Location')}`)
  }
  if (result instanceof Error) throw result
  if (result && typeof result === 'object' && 'init' in result) {
    const wrapped = result as { init?: { status?: number }; data: AdminActionData }
    return { status: wrapped.init?.status ?? 200, body: wrapped.data }
  }
  return { status: 200, body: result as AdminActionData }
}

/** Runs a route's loader as the holder of `cookie` and returns its data. */
export async function runLoader<T>(
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

/**
 * Renders a route component to HTML on the server as the app does, with `loaderData` (and
 * `actionData`) for the route and the root's time zone (Europe/Paris), so tests assert what a
 * visitor reads.
 */
export function renderRoute(
  Component: React.ComponentType<never>,
  loaderData: unknown,
  url = '/page',
  actionData?: unknown,
  rootData: Record<string, unknown> = {},
): string {
  const pathname = new URL(url, 'http://localhost').pathname
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [
        pathname === '/'
          ? { id: 'page', index: true, Component: Component as React.ComponentType }
          : { id: 'page', path: pathname.slice(1), Component: Component as React.ComponentType },
      ],
    },
  ])
  return renderToString(
    createElement(Stub, {
      initialEntries: [url],
      hydrationData: {
        loaderData: { root: { timeZone: 'Europe/Paris', ...rootData }, page: loaderData },
        actionData: actionData === undefined ? undefined : { page: actionData },
      },
    }),
  )
}
