import { getAuth } from '#app/auth.server'
import { assertAcceptablePassword, normalizeAccountEmail } from './account-input.server'
import { generatePassword } from './generate-password.server'
import { UserCommandError } from './user-command-error.server'

export type CreatedAccount = {
  id: string
  email: string
  role: 'user' | 'admin'
  /** The generated password when none was given (to print once), else null. */
  generatedPassword: string | null
}

/**
 * Creates an account that signs in with e-mail and password (CLI `npm run admin -- create`, issue
 * #3 §1; public sign-up stays off). The display name is "prénom nom", or the address's local part.
 *
 * @param input.email - the address (trimmed, lower-cased).
 * @param input.password - the password (10 to 128 characters); generated (24 characters) when absent.
 * @param input.nom / input.prenom - optional last and first names.
 * @param input.role - 'user' (default) or 'admin'.
 * @returns the account created, with the generated password if any.
 * @throws UserCommandError when the address is invalid, the password unacceptable, or an account
 *   already uses the address ('Un compte existe déjà pour …').
 */
export async function createUserAccount(input: {
  email: string
  password?: string
  nom?: string
  prenom?: string
  role?: 'user' | 'admin'
}): Promise<CreatedAccount> {
  const email = normalizeAccountEmail(input.email)
  if (input.password !== undefined) assertAcceptablePassword(input.password)
  const context = await (await getAuth()).$context
  if (await context.internalAdapter.findUserByEmail(email)) {
    throw new UserCommandError(`Un compte existe déjà pour ${email}.`)
  }
  const nom = input.nom?.trim() || undefined
  const prenom = input.prenom?.trim() || undefined
  const generatedPassword = input.password === undefined ? generatePassword() : null
  const role = input.role ?? 'user'
  const { user } = await (await getAuth()).api.createUser({
    body: {
      email,
      password: input.password ?? (generatedPassword as string),
      name: [prenom, nom].filter(Boolean).join(' ') || (email.split('@')[0] as string),
      role,
      data: { nom: nom ?? null, prenom: prenom ?? null },
    },
  })
  return { id: user.id, email, role, generatedPassword }
}
