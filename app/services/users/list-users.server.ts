import { asc, desc } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { user } from '#app/db/schema'
import type { DatedListSort, ListParams } from '#app/lib/admin/list-params'
import type { PageInfo } from '#app/lib/pagination'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'

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

/** Accounts per page of /admin/users (issue #35 §2). */
export const USERS_PAGE_SIZE = 24

/**
 * One page of accounts, newest first (back-office spec §7 "profils: select all by cree_le
 * descending"; the profile lives on better-auth's `user` row, DESIGN.md §4) or by name (`sort`
 * 'nom'), matching the search on e-mail, name or first name (accents ignored; issue #35 §2). A
 * page past the end shows the last page.
 *
 * @param params - page, search and sort (default: page 1, no search, newest first).
 * @returns `{ users, info }`: the accounts with nom, prénom, role and creation instant.
 */
export async function listUsers(
  params: ListParams<DatedListSort> = { page: 1, q: '', sort: 'date' },
  executor: Executor = getDb(),
): Promise<{ users: AdminUserRow[]; info: PageInfo }> {
  const where = matchesSearch(params.q, [user.email, user.nom, user.prenom])
  const order =
    params.sort === 'nom'
      ? [byName(user.nom), byName(user.prenom), asc(user.email)]
      : [desc(user.createdAt), desc(user.id)]
  const { rows, info } = await readListPage(
    params.page,
    USERS_PAGE_SIZE,
    () => executor.$count(user, where),
    (limit, offset) =>
      executor
        .select({
          id: user.id,
          email: user.email,
          nom: user.nom,
          prenom: user.prenom,
          role: user.role,
          createdAt: user.createdAt,
        })
        .from(user)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  )
  return { users: rows.map(({ createdAt, ...row }) => ({ ...row, cree_le: createdAt.toISOString() })), info }
}
