import { and, desc, eq, gt } from 'drizzle-orm'
import { getAuth } from '#app/auth.server'
import { type Executor, getDb } from '#app/db/client.server'
import { session } from '#app/db/schema'
import { notFound } from '#app/lib/use-case-error'
import { deviceLabel, networkPlace } from './sign-in-device.server'

/** One signed-in session of an account, as the profile lists it (issue #37 §3). */
export type AccountSession = {
  id: string
  /** « Firefox sur Linux », or « Appareil inconnu ». */
  device: string
  /** « Réseau 203.0.113.0/24 », « Réseau local »… */
  place: string
  /** ISO instant of the sign-in. */
  signedInAt: string
  /** ISO instant the session was last seen (better-auth refreshes it at most hourly). */
  lastSeenAt: string
  /** This is the session of the request that lists them. */
  isCurrent: boolean
}

/**
 * The account's sessions that have not expired (issue #37 §3), the current one first, then the
 * most recently seen. Reads the session rows' own columns only: user agent and address are
 * turned into a device and a network here, and never leave the server as they are.
 *
 * @param userId - the account.
 * @param currentSessionId - the session of the request, marked `isCurrent`.
 * @returns the sessions, a handful.
 */
export async function listAccountSessions(
  userId: string,
  currentSessionId: string,
  executor: Executor = getDb(),
): Promise<AccountSession[]> {
  const rows = await executor
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.id))
  const sessions = rows.map((row) => ({
    id: row.id,
    device: deviceLabel(row.userAgent),
    place: networkPlace(row.ipAddress),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  }))
  return [...sessions.filter((one) => one.isCurrent), ...sessions.filter((one) => !one.isCurrent)]
}

/** The refusal of a session already ended (signed out, expired, or another account's). */
const SESSION_GONE = 'Cette session n’existe plus.'

/**
 * Ends one of the account's sessions (« Déconnecter », issue #37 §3) through better-auth's
 * `revokeSession`: the device it was on is signed out at its next request.
 *
 * @param headers - the request's headers (the session cookie of the account that asks).
 * @param userId - the account that asks.
 * @param sessionId - the session to end (its id: tokens never reach the page).
 * @throws UseCaseError not-found when the session is not one of the account's.
 */
export async function revokeAccountSession(
  headers: Headers,
  userId: string,
  sessionId: string,
  executor: Executor = getDb(),
): Promise<void> {
  const [target] = await executor
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
  if (!target) throw notFound(SESSION_GONE)
  await (await getAuth()).api.revokeSession({ headers, body: { token: target.token } })
}

/**
 * Ends every session of the account but the one asking (« Déconnecter partout », issue #37 §3),
 * through better-auth's `revokeOtherSessions`.
 *
 * @param headers - the request's headers (the session cookie of the account that asks).
 */
export async function revokeOtherAccountSessions(headers: Headers): Promise<void> {
  await (await getAuth()).api.revokeOtherSessions({ headers })
}
