import crypto from 'node:crypto'

/**
 * A strong random password: 24 characters of base64url (144 bits), printed once to the person
 * who runs the start-up or the CLI.
 */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url')
}
