import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub, Meta, type MetaFunction, Outlet } from 'react-router'
import { beforeEach, expect, it } from 'vitest'
import type { AdminActionData } from '#app/lib/admin-result'
import { resetSignIn, signedInCookie } from './sessions'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }

/** What an admin action answered: HTTP status and body. */
export type ActionOutcome = { status: number; body: AdminActionData }

/**
 * Route tests' helpers (issue #9 §3: one `postAction`, `runLoader` and sign-in for every route
 * test): call a route's action or loader as the app does, render a route to HTML.
 */

/** Resets sign-in state (auth instance, rate limits) and returns an administrator's Cookie header. */
export async function adminCookie(): Promise<string> {
  await resetSignIn()
  return signedInCookie('admin')
}

/**
 * Posts `fields` (repeated fields as arrays, files as `File`s) to a route's action as the holder of `cookie`.
 *
 * @returns the HTTP status and the answer.
 * @throws Error when the action answered a redirect or another Response (a guard's, for one).
 */
export async function postAction(
  action: (args: never) => Promise<unknown>,
  path: string,
  fields: Record<string, string | Blob | string[]>,
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

/**
 * Asserts that an admin action succeeded: HTTP 200 and the green toast with `title` and
 * `description` (back-office spec §8).
 *
 * @throws the assertion error of the first that differs.
 */
export function expectSuccess(answer: ActionOutcome, title: string, description: string): void {
  expect(answer.status).toBe(200)
  expect(answer.body.toast).toEqual({ type: 'success', title, description })
}

/**
 * Asserts that an admin action refused its input: HTTP 400, the red 'Erreur' toast with the
 * screen's failure `description` (back-office spec §8), and, when given, these field errors
 * (others may be present).
 *
 * @param fieldErrors - messages by field, e.g. `{ titre: ['Le titre est obligatoire'] }`.
 * @throws the assertion error of the first that differs.
 */
export function expectRefused(
  answer: ActionOutcome,
  description: string,
  fieldErrors: Record<string, string[]> = {},
): void {
  expect(answer.status).toBe(400)
  expect(answer.body.toast).toEqual({ type: 'error', title: 'Erreur', description })
  expect(answer.body.fieldErrors ?? {}).toMatchObject(fieldErrors)
}

/**
 * Asserts that a create intent succeeded (HTTP 200, the green toast `[title, description]`) and
 * stored one row, the new one (its id is the answer's `id`), holding `fields`.
 *
 * @param rows - reads the table's rows, e.g. `() => getDb().select().from(saisonsPodcast)`.
 * @param fields - the stored values to find, e.g. `{ nom: 'Kanji', ordre: 3 }`.
 * @returns the stored row, for further checks.
 * @throws the assertion error of the first that differs.
 */
export async function expectCreated<Row>(
  answer: ActionOutcome,
  [title, description]: [title: string, description: string],
  rows: () => Promise<Row[]>,
  fields: Partial<Row>,
): Promise<Row> {
  expectSuccess(answer, title, description)
  const [row, ...others] = await rows()
  expect(others).toEqual([])
  expect(row).toMatchObject({ id: answer.body.id, ...fields })
  return row as Row
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

/** A loader's answer without its `data(…)` wrapper (each member of a union unwrapped). */
type Unwrapped<Answer> = Answer extends { data: infer Data; init: unknown } ? Data : Answer

/**
 * Runs a public route's loader as a visitor's GET of `path` does (issue #9 §5: one way for every
 * route test), and unwraps its answer.
 *
 * @param loader - the route module's loader.
 * @param path - the address asked, e.g. '/podcasts/saison/x' or '/blog?type=histoire'.
 * @param params - the route's URL parameters, e.g. `{ saisonId }`.
 * @param init - the request's options (headers: a user agent, a cookie).
 * @returns the loader's data and the HTTP status (200 for a plain answer).
 * @throws what the loader throws (a redirect, a 404 Response).
 */
export async function loadPage<Loader extends (args: never) => Promise<unknown>>(
  loader: Loader,
  path: string,
  params: Record<string, string> = {},
  init: RequestInit = {},
): Promise<{ data: Unwrapped<Awaited<ReturnType<Loader>>>; status: number }> {
  const result = await loader({
    request: new Request(`http://localhost${path}`, init),
    params,
    context,
  } as never)
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const answer = result as { init: { status?: number } | null; data: never }
    return { data: answer.data, status: answer.init?.status ?? 200 }
  }
  return { data: result as never, status: 200 }
}

/** What a loader gives: the data of its `data(…)` answer, or its plain answer. */
export type LoaderData<Loader extends (args: never) => Promise<unknown>> =
  Awaited<ReturnType<Loader>> extends { data: infer Data; init: unknown } ? Data : Awaited<ReturnType<Loader>>

/**
 * One admin screen's route-test kit (issue #9 §3): signs an administrator in before each test
 * (fresh auth state and rate limits, by {@link adminCookie}) and calls the screen's action and
 * loader as them. Call it once at the top of a test file: it registers a `beforeEach`.
 *
 * @param path - the screen's address, e.g. '/admin/evenements'.
 * @param route - the route module's action and loader.
 * @returns `cookie()`, the administrator's Cookie header of the running test; `post(fields, as?)`,
 *   {@link postAction} as the administrator (or as the `as` Cookie header); `load(query?)`, the
 *   loader's data with its HTTP status (`query` is added to the path, e.g. '?filtre=x').
 * @throws from `post` and `load`, what {@link postAction} and the loader throw (a redirect…).
 */
export function adminRoute<Loader extends (args: never) => Promise<unknown>>(
  path: string,
  route: { action: (args: never) => Promise<unknown>; loader?: Loader },
) {
  let cookie = ''
  beforeEach(async () => {
    cookie = await adminCookie()
  })
  return {
    cookie: () => cookie,
    post: (fields: Record<string, string | string[]>, as: string = cookie) =>
      postAction(route.action, path, fields, as),
    load: async (query = ''): Promise<LoaderData<Loader> & { status: number }> => {
      if (!route.loader) throw new Error(`${path} n'a pas de loader`)
      const result = await runLoader(route.loader, `${path}${query}`, cookie)
      if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
        const answer = result as { init: { status?: number } | null; data: object }
        return { status: answer.init?.status ?? 200, ...answer.data } as never
      }
      return { status: 200, ...(result as object) } as never
    },
  }
}

/**
 * Where the back-office's guard lets the holder of `cookie` go when they open a screen other than
 * their profile (/admin/journal): 'ok', or the location it redirects to ('/admin/profil' when the
 * second factor required of administrators is missing, issue #37 §3).
 */
export async function adminScreenReachedBy(cookie: string): Promise<string | null> {
  const { loader } = await import('#app/routes/admin/journal')
  return runLoader(loader, '/admin/journal', cookie).then(
    () => 'ok',
    (thrown: unknown) => {
      if (thrown instanceof Response) return thrown.headers.get('Location')
      throw thrown
    },
  )
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

/**
 * Renders the `<head>` tags a route's `meta` gives for `loaderData`, through React Router's own
 * `<Meta />` as the document does (issue #11: canonical link, OpenGraph, JSON-LD as written).
 *
 * @param meta - the route module's `meta` export.
 * @param loaderData - what its loader returned.
 * @param url - the address asked (its path and query), e.g. '/parcours?annee=2020'.
 * @param rootData - the root loader's data the meta reads (`siteTitle`, `siteUrl`, `appearance`).
 * @returns the HTML of the tags.
 */
export function renderHead(
  meta: (args: never) => unknown,
  loaderData: unknown,
  url: string,
  rootData: Record<string, unknown>,
): string {
  const pathname = new URL(url, 'http://localhost').pathname
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => createElement('div', null, createElement(Meta), createElement(Outlet)),
      children: [
        pathname === '/'
          ? { id: 'page', index: true, Component: () => null, meta: meta as MetaFunction }
          : { id: 'page', path: pathname.slice(1), Component: () => null, meta: meta as MetaFunction },
      ],
    },
  ])
  return renderToString(
    createElement(Stub, {
      initialEntries: [url],
      hydrationData: { loaderData: { root: rootData, page: loaderData } },
    }),
  )
}

/** A well-formed UUID that no row has: an id a screen must answer 404 for. */
export const UNKNOWN_ID = '6f1c2a3e-9b7d-4c1e-8a2f-0d3b4c5e6f70'

/**
 * Route params that find nothing: an unknown UUID, then values that are not a usable id at all
 * (DESIGN.md §4: a malformed id answers the page's not-found fallback, never a 500).
 */
export const UNKNOWN_IDS: ReadonlyArray<[label: string, id: string]> = [
  ['an unknown UUID', UNKNOWN_ID],
  ['a word', 'abc'],
  ['a number', '42'],
  ['a negative number', '-1'],
  ['zero', '0'],
  ['SQL', "' OR 1=1--"],
  ['SQL with a uuid', "00000000-0000-0000-0000-000000000000' OR '1'='1"],
  ['a 10 KB string', 'é'.repeat(10_240)],
  ['a uuid with a trailing space', '7c9e6679-7425-40de-944b-e07fc1f90ae7 '],
  ['a uuid followed by text', '6f1c2a3e-9b7d-4c1e-8a2f-0d3b4c5e6f70x'],
  ['an empty string', ''],
]

/**
 * Test helper declaring one test per {@link UNKNOWN_IDS} entry for a page found by id: with one
 * visible row stored, the loader answers 404 and its data is the page's not-found fallback.
 *
 * @param page.load - runs the page's loader with that id; resolves to `{ status, data }`.
 * @param page.insertOne - stores one visible row (the one the id must not find).
 * @param page.expectFallback - asserts that the 404's data is the fallback (its data, or its HTML).
 */
export function itAnswersNotFoundForUnknownIds(page: {
  load: (id: string) => Promise<{ status: number; data: unknown }>
  insertOne: () => Promise<unknown>
  expectFallback: (data: unknown) => void
}): void {
  it.each(UNKNOWN_IDS)('answers 404, not 500, for %s', async (_label, id) => {
    await page.insertOne()
    const { status, data } = await page.load(id)
    expect(status).toBe(404)
    page.expectFallback(data)
  })
}

/**
 * Test helper declaring the empty-state test of a public list page: with only a hidden row
 * stored, named 'Cachée', the page shows its empty text and nothing of that row.
 *
 * @param page.insertHidden - stores one hidden row with that name.
 * @param page.render - runs the loader and renders the page; resolves to its HTML.
 * @param page.emptyText - the empty state as it stands in the HTML (apostrophes as `&#x27;`).
 */
export function itShowsTheEmptyState(page: {
  insertHidden: (nom: string) => Promise<unknown>
  render: () => Promise<string>
  emptyText: string
}): void {
  it('says when nothing is displayed, hidden rows staying hidden', async () => {
    await page.insertHidden('Cachée')
    const html = await page.render()
    expect(html).toContain(page.emptyText)
    expect(html).not.toContain('Cachée')
  })
}

/**
 * Asserts that a rendered page holds each of `fragments`, as React writes them in HTML (an
 * apostrophe as `&#x27;`, `<!-- -->` between a value and the text beside it).
 *
 * @param html - the page, e.g. from {@link renderRoute}.
 * @param fragments - the texts or markup the page must show, e.g. `['4 mars 2026', 'href="/blog"']`.
 * @throws the assertion error of the first fragment missing, named in its message.
 */
export function expectHtmlToContain(html: string, fragments: readonly string[]): void {
  for (const fragment of fragments) expect(html, fragment).toContain(fragment)
}
