import { desc } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { user } from '#app/db/schema'

/** One account as /admin/users shows it (back-office spec §3 "User profile"). */
export type AdminUserRow = {
  id: string
  email: string
  nom: string | null
  prenom: string | null
  /** 'user' or 'admin'. */
  role: string
  /** ISO instant of creation. */
  cree_le: string
}

/**
 * Every account, newest first (back-office spec §7 "profils: select all by cree_le descending";
 * the profile lives on better-auth's `user` row, DESIGN.md §4).
 *
 * @returns the accounts with nom, prénom, role and creation instant.
 */
export async function listUsers(executor: Executor = getDb()): Promise<AdminUserRow[]> {
  const rows = await executor
    .select({
      id: user.id,
      email: user.email,
      nom: user.nom,
      prenom: user.prenom,
      role: user.role,
      createdAt: user.createdAt,
    })
    .from(user)
    .orderBy(desc(user.createdAt), desc(user.id))
  return rows.map(({ createdAt, ...row }) => ({ ...row, cree_le: createdAt.toISOString() }))
}
