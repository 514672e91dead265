import fs from 'node:fs'
import readline from 'node:readline'
import pg from 'pg'
import { parseCopyLine, type SourceRow } from './copy-text'
import { ImportError } from './import-error'

/**
 * The original's tables the importer reads (spec §3, §7), as `schema.table`. Every other table of a
 * dump is counted and skipped.
 */
export const SOURCE_TABLES = [
  'auth.users',
  'public.profils',
  'public.site_settings',
  'public.pages_config',
  'public.categories',
  'public.oeuvres',
  'public.articles',
  'public.evenements',
  'public.saisons_podcast',
  'public.episodes_podcast',
  'public.photos_atelier',
  'public.contact_messages',
  'public.encheres',
  'public.mises',
  'public.validations_email',
] as const

export type SourceTable = (typeof SOURCE_TABLES)[number]

/** Tables without which a source is not the original site's (a dump of another application). */
const REQUIRED_TABLES: readonly SourceTable[] = ['public.site_settings', 'public.oeuvres', 'public.articles']

/** What a source holds: the rows of each table read, and how many rows every table had. */
export type SourceData = {
  /** Rows of the importer's tables, in the source's order; a table absent from the source is absent. */
  tables: Map<SourceTable, SourceRow[]>
  /** Rows read per table of the source, the skipped ones included (`schema.table` → count). */
  rowsRead: Map<string, number>
}

const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`
const COPY_LINE = new RegExp(
  String.raw`^COPY\s+(${IDENTIFIER}(?:\.${IDENTIFIER})?)\s*\(([^)]*)\)\s+FROM\s+stdin;\s*$`,
  'i',
)

function unquote(identifier: string): string {
  const name = identifier.trim()
  return name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name.toLowerCase()
}

function tableName(qualified: string): string {
  const parts = qualified.match(new RegExp(IDENTIFIER, 'g')) ?? []
  const names = parts.map(unquote)
  return names.length === 1 ? `public.${names[0]}` : names.join('.')
}

function isWanted(table: string): table is SourceTable {
  return (SOURCE_TABLES as readonly string[]).includes(table)
}

function checkIsOriginalSite(data: SourceData, label: string): SourceData {
  const missing = REQUIRED_TABLES.filter((table) => !data.tables.has(table))
  if (missing.length > 0) {
    throw new ImportError(
      `${label} ne ressemble pas au site d’origine : les tables ${missing.join(', ')} sont absentes. ` +
        'Vérifiez qu’il s’agit bien du dump de la base Supabase du site (supabase db dump --data-only).',
    )
  }
  return data
}

/**
 * Reads a plain SQL dump line by line (issue #33 §1): the data-only form `supabase db dump
 * --data-only` writes, or a full `pg_dump` whose CREATE, ALTER, GRANT… statements are skipped.
 * Only the COPY blocks of {@link SOURCE_TABLES} are kept in memory (the site's text, never its
 * images); the others are counted. A dump is complete when it ends the way pg_dump ends one
 * (`\unrestrict` after a `\restrict`, the "dump complete" comment, or a final `RESET ALL;`).
 *
 * @param file - path of the dump.
 * @returns the rows of each table found.
 * @throws ImportError in French when the file cannot be read, a COPY block is cut short or
 *   malformed, the dump ends early, holds INSERT statements instead of COPY, or lacks the site's tables.
 */
export async function readDumpFile(file: string): Promise<SourceData> {
  const label = `Le fichier ${file}`
  try {
    const stat = await fs.promises.stat(file)
    if (!stat.isFile()) throw new ImportError(`${label} n’est pas un fichier.`)
  } catch (error) {
    if (error instanceof ImportError) throw error
    throw new ImportError(`${label} est introuvable ou illisible.`)
  }
  const data: SourceData = { tables: new Map(), rowsRead: new Map() }
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let block: { table: string; columns: string[]; rows: SourceRow[] | null; startLine: number } | null = null
  let lineNumber = 0
  let restricted = false
  let complete = false
  let lastStatement = ''
  let inserts = 0
  /** A malformed line, thrown unless it was the dump's last one (then the dump is cut short). */
  let malformed: ImportError | undefined
  try {
    for await (const line of lines) {
      lineNumber++
      if (malformed) throw malformed
      if (block) {
        if (line === '\\.') {
          if (block.rows && isWanted(block.table)) data.tables.set(block.table, block.rows)
          block = null
          continue
        }
        const fields = parseCopyLine(line)
        if (fields.length !== block.columns.length) {
          malformed = new ImportError(
            `${label} est mal formé à la ligne ${lineNumber} : ${fields.length} colonnes au lieu de ${block.columns.length} dans ${block.table}.`,
          )
          continue
        }
        data.rowsRead.set(block.table, (data.rowsRead.get(block.table) ?? 0) + 1)
        if (block.rows) {
          const row: SourceRow = {}
          block.columns.forEach((column, index) => {
            row[column] = fields[index] ?? null
          })
          block.rows.push(row)
        }
        continue
      }
      if (line.startsWith('COPY ')) {
        const match = COPY_LINE.exec(line)
        if (!match)
          throw new ImportError(
            `${label} est mal formé à la ligne ${lineNumber} (instruction COPY illisible).`,
          )
        const table = tableName(match[1] as string)
        const columns = (match[2] as string).split(',').map(unquote)
        block = { table, columns, rows: isWanted(table) ? [] : null, startLine: lineNumber }
        data.rowsRead.set(table, data.rowsRead.get(table) ?? 0)
        continue
      }
      if (line.startsWith('\\restrict ')) restricted = true
      else if (line.startsWith('\\unrestrict ')) complete = true
      else if (line.startsWith('-- PostgreSQL database dump complete')) complete ||= !restricted
      else if (line.startsWith('INSERT INTO ')) inserts++
      if (line.trim() !== '' && !line.startsWith('--')) lastStatement = line.trim()
    }
  } catch (error) {
    if (error instanceof ImportError) throw error
    throw new ImportError(`${label} n’a pas pu être lu : ${(error as Error).message}`)
  }
  if (block) {
    throw new ImportError(
      `${label} est tronqué : le bloc de données de ${block.table} (ligne ${block.startLine}) n’est pas terminé. Refaites le dump.`,
    )
  }
  if (!complete && !(lastStatement === 'RESET ALL;' && !restricted)) {
    if (inserts > 0 && data.tables.size === 0) {
      throw new ImportError(
        `${label} contient des INSERT : refaites le dump au format COPY (sans l’option --inserts).`,
      )
    }
    throw new ImportError(`${label} est tronqué : la fin du dump manque. Refaites le dump.`)
  }
  return checkIsOriginalSite(data, label)
}

/**
 * Reads the original's tables from its PostgreSQL database (issue #33 §1), in one read-only
 * transaction, every value in its text form (as a dump would hold it).
 *
 * @param url - a `postgres://` or `postgresql://` connection string.
 * @throws ImportError in French when the server cannot be reached or refuses the connection, or
 *   when the database lacks the site's tables.
 */
export async function readPostgresSource(url: string): Promise<SourceData> {
  const safeUrl = url.replace(/\/\/[^@/]*@/, '//…@')
  const label = `La base ${safeUrl}`
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  const asText = { getTypeParser: () => (value: string) => value }
  try {
    await client.connect()
  } catch (error) {
    throw new ImportError(`${label} est injoignable : ${(error as Error).message}`)
  }
  try {
    await client.query('begin transaction isolation level repeatable read read only')
    const data: SourceData = { tables: new Map(), rowsRead: new Map() }
    const present = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'auth') and table_type = 'BASE TABLE'`,
    )
    const names = new Set(present.rows.map((row) => row.name))
    for (const table of SOURCE_TABLES) {
      if (!names.has(table)) continue
      const [schema, name] = table.split('.') as [string, string]
      const result = await client.query<SourceRow>({
        text: `select * from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`,
        types: asText,
      })
      data.tables.set(table, result.rows)
      data.rowsRead.set(table, result.rows.length)
    }
    await client.query('commit')
    return checkIsOriginalSite(data, label)
  } catch (error) {
    if (error instanceof ImportError) throw error
    throw new ImportError(`${label} n’a pas pu être lue : ${(error as Error).message}`)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * Reads a source given on the command line: a `postgres://` URL or the path of a dump file.
 * @throws like {@link readDumpFile} and {@link readPostgresSource}.
 */
export function readSource(source: string): Promise<SourceData> {
  return /^postgres(?:ql)?:\/\//i.test(source) ? readPostgresSource(source) : readDumpFile(source)
}
