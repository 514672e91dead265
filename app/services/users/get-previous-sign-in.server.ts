import { and, desc, eq, lt, ne } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { session } from '#app/db/schema'

/**
 * The previous sign-in of an account, for the dashboard's system-information card (back-office
 * spec §2 "Dashboard": last sign-in date or 'N/A'): the creation time of its most recent session
 * opened before the current one. Sessions closed by a sign-out or a password reset are deleted,
 * so there may be none.
 *
 * @param userId - the signed-in account.
 * @param current - the current session (id and creation time).
 * @returns the date-time of that sign-in, or null when no earlier session remains.
 */
export async function getPreviousSignIn(
  userId: string,
  current: { id: string; createdAt: Date },
): Promise<Date | null> {
  const [row] = await getDb()
    .select({ createdAt: session.createdAt })
    .from(session)
    .where(
      and(eq(session.userId, userId), ne(session.id, current.id), lt(session.createdAt, current.createdAt)),
    )
    .orderBy(desc(session.createdAt))
    .limit(1)
  return row?.createdAt ?? null
}
