import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { session, twoFactor, user } from '#app/db/schema'
import { normalizeAccountEmail } from './account-input.server'
import { UserCommandError } from './user-command-error.server'

/**
 * Removes an account's second factor (CLI `npm run admin -- disable-two-factor`, issue #37 §3): for
 * an administrator who lost both the authenticator app and the recovery codes. Its TOTP secret and
 * codes are deleted, the password alone signs in again, and its open sessions are closed.
 *
 * @param emailInput - the account's address.
 * @returns the address and whether it had a second factor (nothing changed otherwise).
 * @throws UserCommandError 'Aucun compte pour …' when no account has this address.
 */
export async function disableTwoFactor(
  emailInput: string,
): Promise<{ email: string; hadSecondFactor: boolean }> {
  const email = normalizeAccountEmail(emailInput)
  return getDb().transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id, on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, email))
    if (!found) throw new UserCommandError(`Aucun compte pour ${email}.`)
    const removed = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, found.id))
      .returning({ id: twoFactor.id })
    if (!found.on && removed.length === 0) return { email, hadSecondFactor: false }
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, found.id))
    await tx.delete(session).where(eq(session.userId, found.id))
    return { email, hadSecondFactor: true }
  })
}
