import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { user } from '#app/db/schema'
import { normalizeAccountEmail } from './account-input.server'
import { UserCommandError } from './user-command-error.server'

/**
 * Gives an existing account the administrator role (CLI `npm run admin -- promote`). Its open
 * sessions see the new role on their next request (the role is read from the database).
 *
 * @param emailInput - the account's address.
 * @returns the address and whether it already was an administrator (nothing changed then).
 * @throws UserCommandError 'Aucun compte pour …' when no account has this address.
 */
export async function promoteUser(emailInput: string): Promise<{ email: string; alreadyAdmin: boolean }> {
  const email = normalizeAccountEmail(emailInput)
  const db = getDb()
  const [found] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email))
  if (!found) throw new UserCommandError(`Aucun compte pour ${email}.`)
  if (found.role === 'admin') return { email, alreadyAdmin: true }
  await db.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.id, found.id))
  return { email, alreadyAdmin: false }
}
