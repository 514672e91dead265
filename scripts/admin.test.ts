import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runScript } from '#tests/support/cli'
import { parseAdminCommand, UsageError } from './admin'

describe('npm run admin: argument parsing', () => {
  it('reads create with its options', () => {
    expect(
      parseAdminCommand([
        'create',
        'a@exemple.fr',
        '--password',
        'un-mot-de-passe',
        '--nom',
        'Curie',
        '--prenom',
        'Marie',
        '--admin',
      ]),
    ).toEqual({
      command: 'create',
      email: 'a@exemple.fr',
      password: 'un-mot-de-passe',
      nom: 'Curie',
      prenom: 'Marie',
      admin: true,
    })
    expect(parseAdminCommand(['create', 'a@exemple.fr'])).toEqual({
      command: 'create',
      email: 'a@exemple.fr',
      password: undefined,
      nom: undefined,
      prenom: undefined,
      admin: false,
    })
  })

  it('reads promote and reset-password', () => {
    expect(parseAdminCommand(['promote', 'a@exemple.fr'])).toEqual({
      command: 'promote',
      email: 'a@exemple.fr',
    })
    expect(parseAdminCommand(['reset-password', 'a@exemple.fr', '--password=un-mot-de-passe'])).toEqual({
      command: 'reset-password',
      email: 'a@exemple.fr',
      password: 'un-mot-de-passe',
    })
    expect(parseAdminCommand(['disable-two-factor', 'a@exemple.fr'])).toEqual({
      command: 'disable-two-factor',
      email: 'a@exemple.fr',
    })
    expect(() => parseAdminCommand(['disable-two-factor', 'a@exemple.fr', '--password', 'x'])).toThrow(
      "La commande disable-two-factor n'accepte pas : --password",
    )
    expect(parseAdminCommand([])).toEqual({ command: 'help' })
    expect(parseAdminCommand(['--help'])).toEqual({ command: 'help' })
  })

  it('refuses unknown commands and options, a missing address and options a command does not take', () => {
    expect(() => parseAdminCommand(['supprimer', 'a@exemple.fr'])).toThrow(
      new UsageError('Commande inconnue : supprimer'),
    )
    expect(() => parseAdminCommand(['promote'])).toThrow("Indiquez l'adresse email du compte")
    expect(() => parseAdminCommand(['promote', 'a@exemple.fr', 'b@exemple.fr'])).toThrow(
      'Argument en trop : b@exemple.fr',
    )
    expect(() => parseAdminCommand(['promote', 'a@exemple.fr', '--password', 'x'])).toThrow(
      "La commande promote n'accepte pas : --password",
    )
    expect(() => parseAdminCommand(['create', 'a@exemple.fr', '--role', 'admin'])).toThrow(/^Option invalide/)
  })
})

/** Runs `tsx scripts/admin.ts …` with its own DATA_DIR. */
const runCli = (args: string[], dataDir: string) => runScript('admin', args, { DATA_DIR: dataDir })

describe('npm run admin: a real run on an embedded database', () => {
  it('creates an administrator, printing the generated password once, and refuses a database another process holds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-admin-cli-'))
    try {
      const created = await runCli(['create', 'Marie@Exemple.fr', '--admin'], dataDir)
      expect(created.stderr).toBe('')
      expect(created.code).toBe(0)
      expect(created.stdout).toMatch(
        /^Compte créé : marie@exemple\.fr \(Administrateur\)\.\nMot de passe généré \(affiché une seule fois, notez-le\) : [A-Za-z0-9_-]{24}\n$/,
      )
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false)

      // A live process (this test) holds the lock, as a running server would.
      fs.writeFileSync(path.join(dataDir, 'db.lock'), String(process.pid))
      const locked = await runCli(['promote', 'marie@exemple.fr'], dataDir)
      expect(locked.code).toBe(1)
      expect(locked.stderr).toContain(`est déjà ouverte par le processus ${process.pid}`)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
