import bcrypt from 'bcryptjs'
import { and, eq, like } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { account, user } from '#app/db/schema'

/** Whether a stored password hash is bcrypt (`$2a$…`, what the original site's accounts carry, issue #33 §4). */
export function isBcryptHash(hash: string): boolean {
  return /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash)
}

/**
 * Verifies a password against a stored hash (better-auth's `password.verify`): a bcrypt hash of an
 * imported account with bcryptjs, any other with better-auth's own scrypt.
 *
 * @returns whether the password matches; false for a malformed hash.
 */
export async function verifyStoredPassword({
  hash,
  password,
}: {
  hash: string
  password: string
}): Promise<boolean> {
  if (isBcryptHash(hash)) return bcrypt.compare(password, hash)
  const { verifyPassword } = await import('better-auth/crypto')
  return verifyPassword({ hash, password })
}

/**
 * After a successful sign-in, replaces an imported account's bcrypt hash with better-auth's own
 * (issue #33 §4, decision 036): the original's scheme is kept only until that first sign-in.
 *
 * @param email - the address signed in with (lower case).
 * @param password - the password just verified.
 * @returns whether a hash was replaced.
 */
export async function upgradeOriginalPassword(email: string, password: string): Promise<boolean> {
  const db = getDb()
  const [row] = await db
    .select({ id: account.id, password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, email), eq(account.providerId, 'credential'), like(account.password, '$2%')))
  if (!row?.password || !isBcryptHash(row.password)) return false
  const { hashPassword } = await import('better-auth/crypto')
  await db
    .update(account)
    .set({ password: await hashPassword(password), updatedAt: new Date() })
    .where(and(eq(account.id, row.id), eq(account.password, row.password)))
  return true
}
