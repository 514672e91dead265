import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { session, user } from '#app/db/schema'
import { conflict, forbidden, notFound } from '#app/lib/use-case-error'
import { lockAdministrators } from './lock-administrators.server'

/** What the screens say when the account they work on was deleted meanwhile. */
export const USER_GONE = 'Utilisateur introuvable.'

/** The last administrator can be neither deleted nor demoted (back-office spec §5). */
export const LAST_ADMIN = 'Il doit rester au moins un administrateur.'

/**
 * Deletes an account with its sessions and sign-in credentials (back-office spec §2 "Users", §5
 * "A user cannot delete their own account", §7 "delete user by id"). Enforced here, whatever the
 * screen shows: deleting one's own account, or the last administrator, is refused. One
 * transaction with the administrators locked; the account's sessions end at once (they are
 * deleted, so its cookies no longer sign anyone in).
 *
 * @param input.id - user.id of the account to delete.
 * @param input.actorId - user.id of the administrator asking.
 * @returns the deleted account's e-mail address.
 * @throws UseCaseError forbidden (one's own account), not-found, or conflict (the last
 *   administrator), with nothing changed.
 */
export async function deleteUser(input: { id: string; actorId: string }): Promise<string> {
  if (input.id === input.actorId) throw forbidden('Vous ne pouvez pas supprimer votre propre compte.')
  return getDb().transaction(async (tx) => {
    const admins = await lockAdministrators(tx)
    const [target] = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.id, input.id))
    if (!target) throw notFound(USER_GONE)
    if (admins.includes(target.id) && admins.length <= 1) throw conflict(LAST_ADMIN)
    await tx.delete(session).where(eq(session.userId, target.id))
    // account rows (password hashes) go with the user (foreign key on delete cascade).
    await tx.delete(user).where(eq(user.id, target.id))
    return target.email
  })
}
