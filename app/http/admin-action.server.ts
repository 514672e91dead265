import { type UNSAFE_DataWithResponseInit as DataWithResponseInit, data } from 'react-router'
import type { z } from 'zod'
import { createToastHeaders } from '#app/http/toast.server'
import { auditEntityOf } from '#app/lib/admin/audit'
import { parseForm } from '#app/lib/admin/form-fields'
import type { AdminActionData } from '#app/lib/admin-result'
import { readForm } from '#app/lib/form-data'
import { UNAVAILABLE_MESSAGES, unavailability } from '#app/lib/unavailable'
import { UseCaseError } from '#app/lib/use-case-error'
import { logger } from '#app/logger.server'
import { recordAuditEntry } from '#app/services/audit/record-audit-entry.server'
import { requireAdmin } from '#app/services/auth/require-user.server'
import type { RowCommands } from '#app/services/rows.server'
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

/**
 * Reads a back-office screen's data (back-office spec §8: a loading failure shows the spec's text
 * where the list would be): `{ ...read, loadError: null }`, or — when a read throws — the error
 * logged with `failure` and `{ ...empty, loadError: failure }` answered with status 500.
 *
 * @param failure - the spec's text, e.g. 'Impossible de charger les messages'.
 * @param read - the screen's reads, resolving to its data.
 * @param empty - what the screen gets instead (empty lists, counts at 0).
 * @param status - the HTTP status of a successful read (default 200; 400 for an ignored filter).
 * @returns React Router's `data()` of either.
 */
export async function loadScreen<T extends object>(
  failure: string,
  read: () => Promise<T>,
  empty: T,
  status = 200,
): Promise<DataWithResponseInit<T & { loadError: string | null }>> {
  try {
    return data({ ...(await read()), loadError: null }, { status })
  } catch (error) {
    logger.error({ err: error }, failure)
    return data({ ...empty, loadError: failure }, { status: 500 })
  }
}

/** Arguments of one intent's handler: the route arguments, the parsed form and the administrator. */
export type AdminIntentArgs<Args extends RouteArgs = RouteArgs> = Args & { admin: AdminUser; form: FormData }

/** What an intent handler answers: {@link adminSuccess}, {@link adminFailure} or a redirect. */
export type AdminAnswer = AdminActionData | DataWithResponseInit<AdminActionData> | Response

/** The success toast of a declared intent, and what the screen needs of the row (its id, a URL). */
export type AdminSuccess = { title: string; description?: string } & Partial<
  Pick<AdminActionData, 'id' | 'url' | 'shownOnce'>
>

/**
 * One back-office intent, declared once (issue #9 §1): the Zod schema of its form, its use case,
 * its success toast and the spec's failure text. {@link adminAction} owns everything else.
 */
export type AdminIntent<Args extends RouteArgs = RouteArgs> = {
  readonly declared: true
  handle: (args: AdminIntentArgs<Args>, intent: string) => Promise<AdminAnswer>
  failure: Failure
  /** Whether a success is written to the audit log (issue #37 §3): every change is, a sign-out is not. */
  audited: boolean
}

/** The spec's failure text of an intent, titled 'Erreur' unless it names its own title. */
type Failure = string | { title: string; description: string }

const failureText = (failure: Failure) => (typeof failure === 'string' ? failure : failure.description)
const failureTitle = (failure: Failure) => (typeof failure === 'string' ? undefined : failure.title)

const STATUS_OF: Record<UseCaseError['kind'], number> = {
  'not-found': 404,
  conflict: 409,
  invalid: 400,
  forbidden: 403,
}

/**
 * Declares one back-office intent. On submission the form is parsed with Conform's `parseWithZod`
 * against `schema` (the schema does its own coercion: empty fields arrive as '', repeated fields as
 * arrays); refused input answers 400 with the fields' French messages and an 'Erreur' toast saying
 * `failure`; valid input runs `run`, whose {@link UseCaseError} answers 404 (not-found), 409
 * (conflict), 403 (forbidden) or 400 (invalid) with its text ({@link refusalText}); a value (or nothing) answers `success`'s toast, and
 * a Response returned by `run` (a redirect) is answered as it is.
 *
 * @param spec.schema - the form's Zod schema (field names as in the form).
 * @param spec.run - the use case: (parsed value, route arguments with the administrator) → result.
 * @param spec.success - the success toast, or a function of (result, value) giving it.
 * @param spec.failure - the spec's failure text for this intent, e.g. 'Impossible de sauvegarder
 *   la saison' (or `{ title, description }` when the spec titles it otherwise than 'Erreur'): the
 *   toast of refused input and of an unexpected error (500).
 * @param spec.refusal - 'first-error': refused input's toast says the first field's message
 *   instead (a screen whose fields show no message of their own, e.g. the settings).
 * @param spec.audit - false for an intent that changes nothing of the site (signing out): its
 *   success is not written to the audit log. Default true.
 * @returns the intent, to list in {@link adminAction}.
 */
export function defineIntent<Schema extends z.ZodType, Result, Args extends RouteArgs = RouteArgs>(spec: {
  schema: Schema
  run: (value: z.output<Schema>, args: AdminIntentArgs<Args>) => Promise<Result>
  success: AdminSuccess | ((result: Exclude<Result, Response>, value: z.output<Schema>) => AdminSuccess)
  failure: Failure
  refusal?: 'failure' | 'first-error'
  audit?: boolean
}): AdminIntent<Args> {
  return {
    declared: true,
    failure: spec.failure,
    audited: spec.audit ?? true,
    handle: async (args, intent) => {
      const parsed = parseForm(args.form, spec.schema)
      if (!parsed.ok) {
        const first = Object.values(parsed.fieldErrors)[0]?.[0]
        const text = spec.refusal === 'first-error' && first ? first : failureText(spec.failure)
        return adminFailure(intent, text, { fieldErrors: parsed.fieldErrors })
      }
      let result: Result
      try {
        result = await spec.run(parsed.value, args)
      } catch (error) {
        if (!(error instanceof UseCaseError)) throw error
        return adminFailure(intent, refusalText(failureText(spec.failure), error), {
          title: error.title,
          status: STATUS_OF[error.kind],
          fieldErrors: error.fieldErrors,
        })
      }
      if (result instanceof Response) return result
      const success =
        typeof spec.success === 'function'
          ? spec.success(result as Exclude<Result, Response>, parsed.value)
          : spec.success
      const { title, description, ...extra } = success
      return adminSuccess(intent, title, description, extra)
    },
  }
}

/**
 * The four intents of a back-office screen of rows (back-office spec §7: artworks, categories,
 * articles, timeline events, podcast seasons and episodes, studio photos), declared the one way
 * ({@link defineIntent}), each running one of the screen's use cases ({@link RowCommands}):
 * - 'create': `create(value)` → the new row's id, answered with the `created` toast and that id;
 * - 'update': `update(id, the other fields)`, answered with the `updated` toast and the id;
 * - 'delete': `remove(id)`, answered with the `deleted` toast and the id;
 * - 'set-visibility': `setVisibility(id, value of column)`, answered with the `shown` or `hidden`
 *   toast and the id.
 * Refused input and use-case errors are answered as {@link defineIntent} says, with the intent's
 * failure text of `schemas.failure` (declared with the schemas, which the screen's form reads too).
 *
 * Usage: `adminAction<Route.ActionArgs>({ ...rowIntents(seasonSchemas, seasonRows), reorder: defineIntent({…}) })`.
 *
 * @param schemas - the screen's declaration, made by `rowSchemas` (app/lib/admin/form-fields.ts):
 *   the forms' Zod schemas — the row's fields (create), the same with `id` (update), `{ id }`
 *   (delete) and `{ id, [column]: boolean }` (set-visibility) —, `column`, the visibility field
 *   ('affichee'…), and the spec's texts: `failure` of each intent, `success` toasts.
 * @param commands - the screen's use cases (`categoryRows`…, app/services/<area>/), or a function
 *   of the intent's arguments giving them (the articles need the administrator, the episodes the
 *   site's time zone).
 * @returns the intents, by name, to spread into {@link adminAction}.
 */
export function rowIntents<
  Create extends z.ZodType,
  Update extends z.ZodType<{ id: string }>,
  Id extends z.ZodType<{ id: string }>,
  Column extends string,
  Visibility extends z.ZodType<{ id: string } & Record<Column, boolean>>,
  Args extends RouteArgs = RouteArgs,
>(
  schemas: {
    create: Create
    update: Update
    id: Id
    visibility: Visibility
    column: Column
    failure: Record<'create' | 'update' | 'delete' | 'visibility', string>
    success: Record<'created' | 'updated' | 'deleted' | 'shown' | 'hidden', AdminSuccess>
  },
  commands:
    | RowCommands<z.output<Create>, Omit<z.output<Update>, 'id'>>
    | ((args: AdminIntentArgs<Args>) => RowCommands<z.output<Create>, Omit<z.output<Update>, 'id'>>),
): Record<'create' | 'update' | 'delete' | 'set-visibility', AdminIntent<Args>> {
  const { failure, success, column } = schemas
  const use = (args: AdminIntentArgs<Args>) => (typeof commands === 'function' ? commands(args) : commands)
  return {
    create: defineIntent<Create, string, Args>({
      schema: schemas.create,
      run: (value, args) => use(args).create(value),
      success: (id) => ({ ...success.created, id }),
      failure: failure.create,
    }),
    update: defineIntent<Update, unknown, Args>({
      schema: schemas.update,
      run: ({ id, ...value }, args) => use(args).update(id, value),
      success: (_, { id }) => ({ ...success.updated, id }),
      failure: failure.update,
    }),
    delete: defineIntent<Id, unknown, Args>({
      schema: schemas.id,
      run: ({ id }, args) => use(args).remove(id),
      success: (_, { id }) => ({ ...success.deleted, id }),
      failure: failure.delete,
    }),
    'set-visibility': defineIntent<Visibility, unknown, Args>({
      schema: schemas.visibility,
      run: (value, args) => use(args).setVisibility(value.id, value[column]),
      success: (_, value) => ({ ...(value[column] ? success.shown : success.hidden), id: value.id }),
      failure: failure.visibility,
    }),
  }
}

/**
 * The toast text of a use case's refusal: a row gone meanwhile says the intent's failure text, then
 * why ('Impossible de supprimer la saison. Cette saison n'existe plus.'); any other refusal says the
 * use case's own sentence (often the spec's, e.g. 'Une enchère est déjà active'), or the failure
 * text when it has none (its fields say why).
 */
function refusalText(failure: string, error: UseCaseError): string {
  if (!error.message) return failure
  return error.kind === 'not-found' ? `${failure.replace(/\.?$/, '.')} ${error.message}` : error.message
}

/**
 * Builds a back-office action from its declared intents (the submitted `intent` field names one).
 * The guard runs first, before the body is read (so an anonymous upload is never parsed); then the
 * form is read once (multipart or urlencoded) and the intent runs ({@link defineIntent}). An
 * unknown intent gets a 400 answer with 'Action inconnue.'. An intent that throws gets a 500
 * answer with its failure toast (the spec's text, e.g. 'Impossible de sauvegarder la saison') and
 * a log line, never an error page in place of the screen; when it threw because the database
 * cannot be reached or the disk is full, a 503 whose toast says so (app/lib/unavailable.ts). After every
 * intent the site-data cache is cleared, so the public pages show the change on the next request.
 * Every successful intent (unless declared `audit: false`) is written to the audit log
 * ({@link recordSuccess}, issue #37 §3): this is the one path of every back-office write.
 * The answer's toast is also set as the flash toast (app/http/toast.server.ts) that root.tsx
 * shows, once, after the action (unless `options.flashToast` is false: the upload route, whose
 * field shows its own toasts).
 *
 * Usage: `export const action = adminAction<Route.ActionArgs>({ create: defineIntent({…}), … })`.
 *
 * @param intents - intent name → {@link defineIntent}.
 * @param options.flashToast - set the answer's toast as the flash toast (default true).
 * @returns the action, with `intents` listing the intent names.
 * @throws the guard's redirect (visitors → /auth, non-admins → /).
 */
export function adminAction<Args extends RouteArgs>(
  intents: Record<string, AdminIntent<Args>>,
  options: { flashToast?: boolean } = {},
): ((args: Args) => Promise<AdminAnswer>) & { intents: ReadonlyArray<string> } {
  const flash = options.flashToast ?? true
  const action = async (args: Args): Promise<AdminAnswer> => {
    const admin = await requireAdmin(args.request)
    const form = await readForm(args.request)
    const intent = String(form.get('intent') ?? '')
    const declared = Object.hasOwn(intents, intent) ? intents[intent] : undefined
    if (!declared) return adminFailure(intent || 'unknown', 'Action inconnue.')
    let answer: AdminAnswer
    try {
      answer = await declared.handle({ ...args, admin, form }, intent)
      if (declared.audited) await recordSuccess(answer, { admin, form, intent, request: args.request })
    } catch (error) {
      if (error instanceof Response) throw error
      const unavailable = unavailability(error)
      const path = new URL(args.request.url).pathname
      if (unavailable) {
        // A fault of the moment (issue #37 §4): said as it is, nothing was recorded.
        logger.warn(
          { err: error, intent, path, unavailable },
          'Action du back-office impossible pour le moment',
        )
        answer = adminFailure(intent, UNAVAILABLE_MESSAGES[unavailable], {
          status: 503,
          title: failureTitle(declared.failure),
        })
      } else {
        logger.error({ err: error, intent, path }, 'Action du back-office en échec')
        answer = adminFailure(intent, failureText(declared.failure), {
          status: 500,
          title: failureTitle(declared.failure),
        })
      }
    } finally {
      await invalidateSiteData()
    }
    return flash ? withFlashToast(answer) : answer
  }
  return Object.assign(action, { intents: Object.keys(intents) })
}

/** Form fields that say which change, not what it changes. */
const NOT_CHANGED_FIELDS = new Set(['intent', 'id', 'key'])

/**
 * Writes a successful intent to the audit log (issue #37 §3): the administrator, the table of the
 * screen (from the action's path), the row's id (the answer's, else the form's `id`, else a
 * setting's `key`), the intent and the names of the fields the form sent. A refused or failed
 * intent changed nothing and is not written. The change is already made: a log that cannot be
 * written is logged as an error, and the answer stays the change's.
 */
async function recordSuccess(
  answer: AdminAnswer,
  change: { admin: AdminUser; form: FormData; intent: string; request: Request },
): Promise<void> {
  const body =
    answer instanceof Response
      ? null
      : 'init' in answer && 'data' in answer
        ? (answer as DataWithResponseInit<AdminActionData>).data
        : (answer as AdminActionData)
  if (answer instanceof Response ? answer.status >= 400 : !body?.ok) return
  const formValue = (name: string) => {
    const value = change.form.get(name)
    return typeof value === 'string' && value !== '' ? value : null
  }
  const pathname = new URL(change.request.url).pathname
  try {
    await recordAuditEntry({
      userId: change.admin.id,
      email: change.admin.email,
      entite: auditEntityOf(pathname),
      entiteId: body?.id ?? formValue('id') ?? formValue('key'),
      action: change.intent,
      champs: [...change.form.keys()].filter((name) => !NOT_CHANGED_FIELDS.has(name)),
    })
  } catch (error) {
    logger.error(
      { err: error, intent: change.intent, path: pathname },
      'Journal des modifications : écriture impossible',
    )
  }
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
 * @param extra - e.g. `{ id }` of the row created, or `{ shownOnce }` (recovery codes).
 */
export function adminSuccess(
  intent: string,
  title: string,
  description?: string,
  extra: Partial<Pick<AdminActionData, 'id' | 'url' | 'shownOnce'>> = {},
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
