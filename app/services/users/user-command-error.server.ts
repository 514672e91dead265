/**
 * A refusal of an account command (CLI `npm run admin`), with a French message meant for the
 * person typing the command: unknown address, existing account, password too short…
 */
export class UserCommandError extends Error {
  override name = 'UserCommandError'
}
