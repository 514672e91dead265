import { eq } from 'drizzle-orm'
import type { Transaction } from '#app/db/client.server'
import { user } from '#app/db/schema'

/**
 * Locks every administrator row until the transaction ends and returns their ids, so that two
 * concurrent changes (two admins demoting or deleting each other) cannot both pass a "one
 * administrator must remain" check.
 */
export async function lockAdministrators(tx: Transaction): Promise<string[]> {
  const rows = await tx.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).for('update')
  return rows.map((row) => row.id)
}
