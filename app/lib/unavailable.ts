/**
 * The faults a visitor or the artist may meet for a moment (issue #37 §4, decision 037): the
 * database cannot be reached (a PostgreSQL server restarting, a network cut), or the disk is full
 * (the embedded database's folder, or the uploads folder). Both pass by themselves; what they are
 * told is here, isomorphic, so that a form and an error page show the server's words, and nothing
 * was recorded. Any other error is a defect.
 */

/** Why the site cannot do what was asked, for now: the database cannot be reached, or the disk is full. */
export type Unavailability = 'database' | 'disk-full'

/** The French text each {@link Unavailability} shows where a form failed: nothing was recorded. */
export const UNAVAILABLE_MESSAGES: Record<Unavailability, string> = {
  database:
    "Le site est momentanément indisponible : rien n'a été enregistré. Réessayez dans quelques instants.",
  'disk-full':
    "Le disque du serveur est plein : rien n'a été enregistré. Les pages restent consultables ; réessayez une fois de la place libérée.",
}

/** The error page's title and text of a page that could not be read (status 503). */
export const UNAVAILABLE_PAGE = {
  title: 'Site momentanément indisponible',
  text: "Le site redémarre ou l'un de ses services ne répond pas pour le moment. Réessayez dans quelques instants.",
}

/** How many seconds a 503 answered for an {@link Unavailability} asks the client to wait. */
export const UNAVAILABLE_RETRY_AFTER_S = 2

/**
 * PostgreSQL's SQLSTATEs of a connection lost or refused: class 08 (connection exception),
 * 57P01–57P03 (the server shutting down, crashed, or starting up), 53300 (too many connections).
 */
const DATABASE_STATES = /^(?:08...|57P0[123]|53300)$/
/** 53100 disk_full; 25006 read_only_sql_transaction (the embedded database is put read-only when its disk is full). */
const DISK_FULL_STATES = new Set(['53100', '25006'])
/** Node's codes of a socket that could not connect or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
/** What `pg` and PGlite say when their connection is gone (they give no code). */
const CONNECTION_LOST =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|PGlite is closed)/

/**
 * Tells whether `error` — or an error it wraps (`cause`, as drizzle's DrizzleQueryError does, or
 * `errors`, as Node's AggregateError of a refused connection does) — means the database cannot be
 * reached or the disk is full.
 *
 * @param error - anything thrown by a query, a storage write or a use case.
 * @returns 'database', 'disk-full', or null for any other error.
 */
export function unavailability(error: unknown): Unavailability | null {
  const seen = new Set<unknown>()
  const pending = [error]
  while (pending.length > 0) {
    const current = pending.pop()
    if (!current || typeof current !== 'object' || seen.has(current)) continue
    seen.add(current)
    const { code, message, cause, errors } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (code === 'ENOSPC' || (typeof code === 'string' && DISK_FULL_STATES.has(code))) return 'disk-full'
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || DATABASE_STATES.test(code))) return 'database'
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return 'database'
    pending.push(cause)
    if (Array.isArray(errors)) pending.push(...errors)
  }
  return null
}
