// `npm run admin -- <commande>`: manages accounts from the command line (issue #3 §1). Opens the
// database like scripts/db-migrate.ts: DATABASE_URL, or the embedded database in DATA_DIR, which
// must not be open in a running server (PGlite is single-process; the lock file says who has it).
import '#app/env-file.server'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

export const USAGE = `Utilisation : npm run admin -- <commande>

  create <email> [--password <mot de passe>] [--nom <nom>] [--prenom <prénom>] [--admin]
      Crée un compte (rôle Utilisateur, ou Administrateur avec --admin).
  promote <email>
      Donne le rôle Administrateur à un compte existant.
  reset-password <email> [--password <mot de passe>]
      Change le mot de passe d'un compte et ferme ses sessions.
  disable-two-factor <email>
      Retire la double authentification d'un compte (application et codes de secours perdus)
      et ferme ses sessions.

Sans --password, un mot de passe fort est généré et affiché une seule fois.
Avec la base embarquée, arrêtez d'abord le serveur (DATA_DIR : ${process.env.DATA_DIR ?? './data'}).`

/** A command line, parsed. */
export type AdminCommand =
  | { command: 'create'; email: string; password?: string; nom?: string; prenom?: string; admin: boolean }
  | { command: 'promote'; email: string }
  | { command: 'reset-password'; email: string; password?: string }
  | { command: 'disable-two-factor'; email: string }
  | { command: 'help' }

/** A command line that cannot be understood; the message is French and ends with the usage. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/**
 * Reads the arguments after `npm run admin --`.
 *
 * @param argv - e.g. `['create', 'a@b.fr', '--password', '…']`.
 * @returns the command and its options.
 * @throws UsageError for an unknown command or option, a missing or extra address, or an option
 *   that the command does not take.
 */
export function parseAdminCommand(argv: string[]): AdminCommand {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    throw new UsageError(`Option invalide : ${(error as Error).message}`)
  }
  const { values, positionals } = parsed
  if (values.help || positionals.length === 0 || positionals[0] === 'help') return { command: 'help' }
  const [command, email, ...extra] = positionals
  if (
    command !== 'create' &&
    command !== 'promote' &&
    command !== 'reset-password' &&
    command !== 'disable-two-factor'
  ) {
    throw new UsageError(`Commande inconnue : ${command}`)
  }
  if (!email) throw new UsageError(`Indiquez l'adresse email du compte : npm run admin -- ${command} <email>`)
  if (extra.length > 0) throw new UsageError(`Argument en trop : ${extra.join(' ')}`)
  const refuse = (names: Array<keyof typeof values>) => {
    const given = names.filter((name) => values[name] !== undefined)
    if (given.length > 0) {
      throw new UsageError(
        `La commande ${command} n'accepte pas : ${given.map((name) => `--${name}`).join(', ')}`,
      )
    }
  }
  if (command === 'promote' || command === 'disable-two-factor') {
    refuse(['password', 'nom', 'prenom', 'admin'])
    return { command, email }
  }
  if (command === 'reset-password') {
    refuse(['nom', 'prenom', 'admin'])
    return { command, email, password: values.password }
  }
  return {
    command,
    email,
    password: values.password,
    nom: values.nom,
    prenom: values.prenom,
    admin: values.admin === true,
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      password: { type: 'string' },
      nom: { type: 'string' },
      prenom: { type: 'string' },
      admin: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}

async function run(command: Exclude<AdminCommand, { command: 'help' }>): Promise<string[]> {
  const { createUserAccount } = await import('#app/services/users/create-user-account.server')
  const { promoteUser } = await import('#app/services/users/promote-user.server')
  const { resetUserPassword } = await import('#app/services/users/reset-user-password.server')
  const { disableTwoFactor } = await import('#app/services/users/disable-two-factor.server')
  const generated = (password: string | null) =>
    password ? [`Mot de passe généré (affiché une seule fois, notez-le) : ${password}`] : []
  switch (command.command) {
    case 'create': {
      const created = await createUserAccount({
        email: command.email,
        password: command.password,
        nom: command.nom,
        prenom: command.prenom,
        role: command.admin ? 'admin' : 'user',
      })
      const role = created.role === 'admin' ? 'Administrateur' : 'Utilisateur'
      return [`Compte créé : ${created.email} (${role}).`, ...generated(created.generatedPassword)]
    }
    case 'promote': {
      const result = await promoteUser(command.email)
      return [
        result.alreadyAdmin
          ? `${result.email} est déjà administrateur.`
          : `${result.email} est maintenant administrateur.`,
      ]
    }
    case 'reset-password': {
      const result = await resetUserPassword({ email: command.email, password: command.password })
      return [
        `Mot de passe changé pour ${result.email} ; ses sessions ouvertes sont fermées.`,
        ...generated(result.generatedPassword),
      ]
    }
    case 'disable-two-factor': {
      const result = await disableTwoFactor(command.email)
      return [
        result.hadSecondFactor
          ? `Double authentification retirée pour ${result.email} ; ses sessions ouvertes sont fermées.`
          : `${result.email} n'avait pas de double authentification.`,
      ]
    }
  }
}

async function main(): Promise<number> {
  let command: AdminCommand
  try {
    command = parseAdminCommand(process.argv.slice(2))
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (command.command === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  // Only warnings and errors of the app's logger: the command prints its own result.
  process.env.LOG_LEVEL ??= 'warn'
  const { openDatabase, setDatabase } = await import('#app/db/client.server')
  const { getEnv } = await import('#app/env.server')
  const { UserCommandError } = await import('#app/services/users/user-command-error.server')
  let opened: Awaited<ReturnType<typeof openDatabase>> | undefined
  try {
    const env = getEnv()
    opened = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR_ABS,
    })
    await opened.migrate()
    setDatabase(opened)
    for (const line of await run(command)) process.stdout.write(`${line}\n`)
    return 0
  } catch (error) {
    console.error(error instanceof UserCommandError ? error.message : `Erreur : ${(error as Error).message}`)
    return 1
  } finally {
    setDatabase(undefined)
    await opened?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main()
}
