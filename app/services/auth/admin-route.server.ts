import { type UNSAFE_DataWithResponseInit as DataWithResponseInit, data } from 'react-router'
import type { ZodError } from 'zod'
import type { AdminActionData, AdminToast } from '#app/lib/admin-result'
import { withFlashToast } from '#app/services/admin-flash-toast.server'
import { invalidateSiteData } from '#app/services/site-data-cache.server'
import { requireAdmin } from './require-user.server'

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

/**
 * Builds a back-office action from one handler per form intent (the submitted `intent` field).
 * The guard runs first, before the body is read (so an anonymous upload is never parsed);
 * then the form is parsed once (multipart or urlencoded) and dispatched. An unknown intent gets a
 * 400 answer with 'Action inconnue.'. After every handler the site-data cache is cleared, so the
 * public pages show the change on the next request. The answer's toast also travels in a
 * short-lived cookie to the admin layout (see withFlashToast), unless `options.flashToast` is false
 * (the upload route: its field shows its own toasts and stays on screen).
 *
 * Usage: `export const action = adminAction<Route.ActionArgs>({ create, update, remove })`.
 *
 * @param handlers - intent name → handler returning the route's answer (see {@link adminSuccess},
 *   {@link adminFailure}).
 * @param options.flashToast - send the toast to the admin layout too (default true).
 * @returns the action, with `intents` listing the handler names.
 * @throws the guard's redirect (visitors → /auth, non-admins → /).
 */
export function adminAction<Args extends RouteArgs>(
  handlers: Record<string, IntentHandler<Args>>,
  options: { flashToast?: boolean } = {},
): ((args: Args) => Promise<AdminAnswer>) & { intents: ReadonlyArray<string> } {
  const flash = options.flashToast ?? true
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
    try {
      const answer = await handler({ ...args, admin, form })
      return flash ? withFlashToast(answer) : answer
    } finally {
      invalidateSiteData()
    }
  }
  return Object.assign(action, { intents: Object.keys(handlers) })
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
  const toast: AdminToast = { type: 'success', title, description }
  return { ok: true, intent, toast, ...extra }
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
