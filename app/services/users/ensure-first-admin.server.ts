import { sql } from 'drizzle-orm'
import { getAuth } from '#app/auth.server'
import { getDb, queryRows } from '#app/db/client.server'
import { generatePassword } from './generate-password.server'

/** Address of the first administrator when ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = 'admin@encre.local'

/**
 * Creates the first administrator on an empty user table (issue #3 §1, DESIGN.md §5): ADMIN_EMAIL
 * (default admin@encre.local) with ADMIN_PASSWORD, or a generated 24-character password returned
 * so the caller prints it once in the start log.
 *
 * @returns what was created (`password` only when generated), or null when users already exist.
 */
export async function ensureFirstAdmin(options: {
  email?: string
  password?: string
}): Promise<{ email: string; generatedPassword: string | null } | null> {
  const rows = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from "user"`)
  if ((rows[0]?.n ?? 0) > 0) return null
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase()
  const generatedPassword = options.password ? null : generatePassword()
  await (await getAuth()).api.createUser({
    body: {
      email,
      password: options.password ?? (generatedPassword as string),
      name: 'Administrateur',
      role: 'admin',
    },
  })
  return { email, generatedPassword }
}
