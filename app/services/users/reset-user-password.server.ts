import { getAuth } from '#app/auth.server'
import { assertAcceptablePassword, normalizeAccountEmail } from './account-input.server'
import { generatePassword } from './generate-password.server'
import { UserCommandError } from './user-command-error.server'

/**
 * Sets a new password for an account (CLI `npm run admin -- reset-password`), for when nobody can
 * receive the reset e-mail. Every open session of the account is ended.
 *
 * @param input.email - the account's address.
 * @param input.password - the new password (10 to 128 characters); generated (24 characters) when absent.
 * @returns the address and the generated password (null when one was given).
 * @throws UserCommandError when the address is invalid or unknown, or the password unacceptable.
 */
export async function resetUserPassword(input: {
  email: string
  password?: string
}): Promise<{ email: string; generatedPassword: string | null }> {
  const email = normalizeAccountEmail(input.email)
  if (input.password !== undefined) assertAcceptablePassword(input.password)
  const context = await (await getAuth()).$context
  const found = await context.internalAdapter.findUserByEmail(email)
  if (!found) throw new UserCommandError(`Aucun compte pour ${email}.`)
  const generatedPassword = input.password === undefined ? generatePassword() : null
  const hash = await context.password.hash(input.password ?? (generatedPassword as string))
  const userId = found.user.id
  if (await context.internalAdapter.findCredentialAccount(userId)) {
    await context.internalAdapter.updatePassword(userId, hash)
  } else {
    await context.internalAdapter.linkAccount({
      userId,
      providerId: 'credential',
      accountId: userId,
      password: hash,
    })
  }
  await context.internalAdapter.deleteUserSessions(userId)
  return { email, generatedPassword }
}
