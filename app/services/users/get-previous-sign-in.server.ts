import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { user } from '#app/db/schema'

/**
 * The previous sign-in of an account, for the dashboard's system-information card (back-office
 * spec §2 "Dashboard": last sign-in date or 'N/A'): the start of the session before the current
 * one, kept on the account by better-auth's session hook (app/auth.server.ts), so a sign-out in
 * between does not lose it.
 *
 * @param userId - the signed-in account.
 * @returns the date-time of that sign-in, or null before the account's second sign-in.
 */
export async function getPreviousSignIn(userId: string): Promise<Date | null> {
  const [row] = await getDb()
    .select({ previous: user.connexionPrecedente })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1)
  return row?.previous ?? null
}
