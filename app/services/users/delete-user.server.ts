import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { session, user } from '#app/db/schema'
import { lockAdministrators } from './lock-administrators.server'

/** Why {@link deleteUser} refused: no such account, one's own account, or the last administrator. */
export type DeleteUserRefusal = 'not-found' | 'own-account' | 'last-admin'

/**
 * Deletes an account with its sessions and sign-in credentials (back-office spec §2 "Users", §5
 * "A user cannot delete their own account", §7 "delete user by id"). Enforced here, whatever the
 * screen shows: deleting one's own account, or the last administrator, is refused. One
 * transaction with the administrators locked; the account's sessions end at once (they are
 * deleted, so its cookies no longer sign anyone in).
 *
 * @param input.id - user.id of the account to delete.
 * @param input.actorId - user.id of the administrator asking.
 * @returns `{ ok: true, email }` of the deleted account, or `{ ok: false, reason }` with nothing
 *   changed.
 */
export async function deleteUser(input: {
  id: string
  actorId: string
}): Promise<{ ok: true; email: string } | { ok: false; reason: DeleteUserRefusal }> {
  if (input.id === input.actorId) return { ok: false, reason: 'own-account' }
  return getDb().transaction(async (tx) => {
    const admins = await lockAdministrators(tx)
    const [target] = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.id, input.id))
    if (!target) return { ok: false, reason: 'not-found' } as const
    if (admins.includes(target.id) && admins.length <= 1) return { ok: false, reason: 'last-admin' } as const
    await tx.delete(session).where(eq(session.userId, target.id))
    // account rows (password hashes) go with the user (foreign key on delete cascade).
    await tx.delete(user).where(eq(user.id, target.id))
    return { ok: true, email: target.email } as const
  })
}
