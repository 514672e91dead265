import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { user } from '#app/db/schema'
import type { UserRole } from '#app/lib/admin/user-schema'
import { conflict, notFound } from '#app/lib/use-case-error'
import { LAST_ADMIN, USER_GONE } from './delete-user.server'
import { lockAdministrators } from './lock-administrators.server'

/**
 * Changes an account's nom, prénom and role (back-office spec §2 "Users", §7 "update user by id
 * (nom, prenom, role)"). better-auth's display `name` follows as "prénom nom" (kept when both are
 * empty). The change is refused when it would leave no administrator (the last administrator
 * cannot take their own role away); an administrator may otherwise step down, and loses the
 * back-office on their next request. Runs in one transaction with the administrators locked.
 *
 * @param input.id - user.id of the account.
 * @param input.nom / input.prenom - new names, null to clear.
 * @param input.role - 'user' or 'admin'.
 * @throws UseCaseError not-found, or conflict (it would leave no administrator: the role field's
 *   message says so), with nothing changed.
 */
export async function updateUserProfile(input: {
  id: string
  nom: string | null
  prenom: string | null
  role: UserRole
}): Promise<void> {
  return getDb().transaction(async (tx) => {
    const admins = await lockAdministrators(tx)
    const [target] = await tx.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, input.id))
    if (!target) throw notFound(USER_GONE)
    const isAdmin = admins.includes(target.id)
    if (isAdmin && input.role !== 'admin' && admins.length <= 1)
      throw conflict(`${LAST_ADMIN} Le rôle Administrateur ne peut pas être retiré.`, { role: [LAST_ADMIN] })
    const name = [input.prenom, input.nom].filter(Boolean).join(' ') || target.name
    await tx
      .update(user)
      .set({ nom: input.nom, prenom: input.prenom, role: input.role, name, updatedAt: new Date() })
      .where(eq(user.id, input.id))
  })
}
