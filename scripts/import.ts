// `npm run import -- <source> [--images <folder|URL>] [--dry-run] [--replace]`: imports the
// original site (a Supabase dump or its postgres:// database) into Encre (issue #33). With the
// embedded database, stop the server first (PGlite is single-process).
import '#app/env-file.server'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openConfiguredDatabase, setDatabase } from '#app/db/client.server'
import { getEnv } from '#app/env.server'
import { ImportError } from '#app/services/import/import-error'
import { parseImageSource } from '#app/services/import/import-images.server'
import { type ImportReport, importSite } from '#app/services/import/import-site.server'
import { readSource } from '#app/services/import/read-source.server'

const print = (line: string) => process.stdout.write(`${line}\n`)

const USAGE =
  'Usage : npm run import -- <dump.sql | postgres://…> [--images <dossier | URL du bucket>] [--dry-run] [--replace]'

function printReport(report: ImportReport): void {
  const seconds = (report.durationMs / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })
  const skipped = report.tables.flatMap((table) =>
    table.skipped.map((row) => ({ table: table.table, ...row })),
  )
  const notes = report.tables.flatMap((table) => table.notes.map((row) => ({ table: table.table, ...row })))
  const total = (key: 'read' | 'imported' | 'alreadyThere') =>
    report.tables.reduce((sum, table) => sum + table[key], 0)
  print('')
  print(report.dryRun ? 'Essai terminé (--dry-run) : rien n’a été écrit.' : 'Import terminé.')
  if (report.replaced) print('Le contenu précédent de la base a été effacé (--replace).')
  print(
    `Lignes lues : ${total('read')} ; ${report.dryRun ? 'à importer' : 'importées'} : ${total('imported')} ; ` +
      `déjà présentes : ${total('alreadyThere')} ; écartées : ${skipped.length}.`,
  )
  if (skipped.length > 0) {
    print('Lignes écartées :')
    for (const row of skipped) print(`  - ${row.table} ${row.id} : ${row.reason}`)
  }
  if (notes.length > 0) {
    print('Valeurs adaptées :')
    for (const row of notes) print(`  - ${row.table} ${row.id} : ${row.note}`)
  }
  print(
    `Images ${report.dryRun ? 'vérifiées' : 'copiées'} : ${report.imagesCopied} ; abandonnées : ${report.droppedImages.length}.`,
  )
  for (const image of report.droppedImages) print(`  - ${image.url} (${image.where}) : ${image.reason}`)
  if (report.otherTables.length > 0) {
    print(
      `Tables non reprises : ${report.otherTables.map((entry) => `${entry.table} (${entry.rows})`).join(', ')}.`,
    )
  }
  print(`Durée : ${seconds} s.`)
}

let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>
const OPTIONS = {
  images: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  replace: { type: 'boolean', default: false },
} as const
try {
  parsed = parseArgs({ options: OPTIONS, allowPositionals: true })
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
const [source, ...extra] = parsed.positionals
if (!source || extra.length > 0) {
  console.error(USAGE)
  process.exit(2)
}

try {
  const env = getEnv()
  // The source and the images folder are checked before the target is opened (or created).
  parseImageSource(parsed.values.images)
  const data = await readSource(source)
  // A new embedded database (a copy of the installed template) is migrated by a child process:
  // what the migrations grow (PGlite's memory and its compiled WebAssembly, 45–70 MB, never given
  // back) leaves with it, and this process opens an existing database (issue #33: the import
  // stays under 400 MB resident; decision 036).
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR_ABS, 'db'))) {
    const migration = spawnSync(
      process.execPath,
      [...process.execArgv, path.resolve('scripts/db-migrate.ts')],
      {
        stdio: 'inherit',
      },
    )
    if (migration.status !== 0) process.exit(1)
  }
  const opened = await openConfiguredDatabase(env)
  try {
    await opened.migrate()
    setDatabase(opened)
    print(
      `Import de ${source.replace(/\/\/[^@/]*@/, '//…@')} dans ${env.DATABASE_URL ? 'la base DATABASE_URL' : env.DATA_DIR_ABS}…`,
    )
    const report = await importSite({
      source,
      data,
      images: parsed.values.images,
      dryRun: parsed.values['dry-run'],
      replace: parsed.values.replace,
      db: opened.db,
      timeZone: env.SITE_TIMEZONE,
      onProgress: print,
    })
    printReport(report)
  } finally {
    setDatabase(undefined)
    await opened.close()
  }
} catch (error) {
  console.error(
    error instanceof ImportError ? error.message : `Import interrompu : ${(error as Error).message}`,
  )
  process.exit(1)
}
