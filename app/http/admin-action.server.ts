import { type UNSAFE_DataWithResponseInit as DataWithResponseInit, data } from 'react-router'
import type { ZodError } from 'zod'
import { createToastHeaders } from '#app/http/toast.server'
import type { AdminActionData } from '#app/lib/admin-result'
import { logger } from '#app/logger.server'
import { requireAdmin } from '#app/services/auth/require-user.server'
import { invalidateSiteData } from '#app/services/site-data-cache.server'

/** The signed-in administrator, as returned by {@link requireAdmin}. */
export type AdminUser = Awaited<ReturnType<typeof requireAdmin>>

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: unknown }

/**
 * Wraps a back-office loader so that nothing runs before the guard (DESIGN.md §5 "Permissions"):
 * visitors are redirected to /auth, signed-in non-admins to /.
 *
 * @param load - the loader body; receives the route arguments and the administrator.
 * @returns a React Router loader.
 * @throws the guard's redirect.
 */
export function adminLoader<Args extends RouteArgs, Result>(
  load: (args: Args & { admin: AdminUser }) => Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    const admin = await requireAdmin(args.request)
    return load({ ...args, admin })
  }
}

/** Arguments of one intent's handler: the route arguments, the parsed form and the administrator. */
export type AdminIntentArgs<Args extends RouteArgs = RouteArgs> = Args & { admin: AdminUser; form: FormData }

/** What an intent handler answers: {@link adminSuccess}, {@link adminFailure} or a redirect. */
export type AdminAnswer = AdminActionData | DataWithResponseInit<AdminActionData> | Response

type IntentHandler<Args extends RouteArgs> = (args: AdminIntentArgs<Args>) => Promise<AdminAnswer>

/** The toast of an unexpected failure when a screen names none (back-office spec §8). */
const DEFAULT_FAILURE = 'Une erreur est survenue'

/**
 * Builds a back-office action from one handler per form intent (the submitted `intent` field).
 * The guard runs first, before the body is read (so an anonymous upload is never parsed);
 * then the form is parsed once (multipart or urlencoded) and dispatched. An unknown intent gets a
 * 400 answer with 'Action inconnue.'. A handler that throws (the database is gone, a bug) gets a
 * 500 answer with the screen's failure toast (`options.failure`: the spec's text, e.g.
 * 'Impossible de sauvegarder la saison') and a log line, never an error page in place of the
 * screen. After every handler the site-data cache is cleared, so the public pages show the change
 * on the next request. The answer's toast is also set as the flash toast (app/http/toast.server.ts)
 * that root.tsx shows, once, after the action (unless `options.flashToast` is false: the upload
 * route, whose field shows its own toasts).
 *
 * Usage: `export const action = adminAction<Route.ActionArgs>({ create, update, delete: remove })`.
 *
 * @param handlers - intent name → handler returning the route's answer (see {@link adminSuccess},
 *   {@link adminFailure}).
 * @param options.failure - the failure toast's text for an unexpected error: one for the screen,
 *   or one per intent (default 'Une erreur est survenue').
 * @param options.flashToast - set the answer's toast as the flash toast (default true).
 * @returns the action, with `intents` listing the handler names.
 * @throws the guard's redirect (visitors → /auth, non-admins → /).
 */
export function adminAction<Args extends RouteArgs>(
  handlers: Record<string, IntentHandler<Args>>,
  options: { failure?: string | Record<string, string>; flashToast?: boolean } = {},
): ((args: Args) => Promise<AdminAnswer>) & { intents: ReadonlyArray<string> } {
  const flash = options.flashToast ?? true
  const failureOf = (intent: string) =>
    (typeof options.failure === 'string' ? options.failure : options.failure?.[intent]) ?? DEFAULT_FAILURE
  const action = async (args: Args): Promise<AdminAnswer> => {
    const admin = await requireAdmin(args.request)
    let form: FormData
    try {
      form = await args.request.formData()
    } catch {
      return adminFailure('unknown', 'Le formulaire envoyé est illisible.')
    }
    const intent = String(form.get('intent') ?? '')
    const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined
    if (!handler) return adminFailure(intent || 'unknown', 'Action inconnue.')
    let answer: AdminAnswer
    try {
      answer = await handler({ ...args, admin, form })
    } catch (error) {
      if (error instanceof Response) throw error
      logger.error(
        { err: error, intent, path: new URL(args.request.url).pathname },
        'Action du back-office en échec',
      )
      answer = adminFailure(intent, failureOf(intent), { status: 500 })
    } finally {
      invalidateSiteData()
    }
    return flash ? withFlashToast(answer) : answer
  }
  return Object.assign(action, { intents: Object.keys(handlers) })
}

/** The answer with its toast also set as the flash toast (a Response is left as it is). */
async function withFlashToast(answer: AdminAnswer): Promise<AdminAnswer> {
  if (answer instanceof Response) return answer
  const wrapped =
    'init' in answer && 'data' in answer ? (answer as DataWithResponseInit<AdminActionData>) : undefined
  const body = wrapped ? wrapped.data : (answer as AdminActionData)
  if (!body?.toast) return answer
  const headers = new Headers(wrapped?.init?.headers ?? undefined)
  for (const [name, value] of await createToastHeaders(body.toast)) headers.append(name, value)
  return data(body, { ...wrapped?.init, headers })
}

/**
 * A successful action's answer (back-office spec §8: success toasts).
 *
 * @param intent - the intent that ran.
 * @param title - the toast title, e.g. 'Catégorie créée' or 'Succès'.
 * @param description - the toast text, e.g. 'La catégorie a été créée avec succès.'.
 * @param extra - e.g. `{ id }` of the row created.
 */
export function adminSuccess(
  intent: string,
  title: string,
  description?: string,
  extra: Partial<Pick<AdminActionData, 'id' | 'url'>> = {},
): AdminActionData {
  return { ok: true, intent, toast: { type: 'success', title, description }, ...extra }
}

/**
 * A refused action's answer, with status 400 by default (404 when the row does not exist, 409 for
 * a conflict). Toast titled 'Erreur' (back-office spec §8).
 *
 * @param intent - the intent that ran.
 * @param description - the French message shown in the toast.
 * @param options.fieldErrors - field name → French messages.
 * @param options.status - HTTP status (default 400).
 */
export function adminFailure(
  intent: string,
  description: string,
  options: { fieldErrors?: Record<string, string[]>; status?: number; title?: string } = {},
) {
  const body: AdminActionData = {
    ok: false,
    intent,
    toast: { type: 'error', title: options.title ?? 'Erreur', description },
    fieldErrors: options.fieldErrors,
  }
  return data(body, { status: options.status ?? 400 })
}

/** Field name → messages of a Zod error, for {@link adminFailure}'s `fieldErrors`. */
export function zodFieldErrors(error: ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form'
    result[key] ??= []
    result[key].push(issue.message)
  }
  return result
}
