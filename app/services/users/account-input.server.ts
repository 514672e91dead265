import { z } from 'zod'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#app/auth.server'
import { UserCommandError } from './user-command-error.server'

/**
 * Trims, lower-cases and checks an e-mail address given to an account command.
 * @returns the normalised address.
 * @throws UserCommandError 'Adresse email invalide : …'.
 */
export function normalizeAccountEmail(value: string): string {
  const email = value.trim().toLowerCase()
  if (!z.email().safeParse(email).success || email.length > 254) {
    throw new UserCommandError(`Adresse email invalide : ${value}`)
  }
  return email
}

/**
 * Checks a chosen password against the better-auth limits (PASSWORD_MIN_LENGTH..PASSWORD_MAX_LENGTH characters).
 * @throws UserCommandError with the French rule.
 */
export function assertAcceptablePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new UserCommandError(`Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`)
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new UserCommandError(`Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères.`)
  }
}
