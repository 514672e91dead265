import { count, notInArray, sql } from 'drizzle-orm'
import type { Database } from '#app/db/client.server'
import { ImportError } from './import-error'
import { type DroppedImage, ImageImporter, parseImageSource } from './import-images.server'
import {
  isSkipped,
  type MappedNote,
  type MappedRow,
  type SkippedRow,
  TABLE_MAPPINGS,
  type TableMapping,
} from './map-tables.server'
import { readSource, type SourceData } from './read-source.server'

/** What one table of the import did. */
export type TableReport = {
  /** The Encre table, by its spec name, e.g. 'oeuvres'. */
  table: string
  /** Rows of the source table. */
  read: number
  /** Rows written by this run (a dry run: the rows that would be). */
  imported: number
  /** Rows a previous run had already written (same original id): left as they are. */
  alreadyThere: number
  /** Rows left out, with the reason. */
  skipped: SkippedRow[]
  /** Rows kept with a value changed on the way (an old type, a deleted category…). */
  notes: MappedNote[]
}

/** The import's final report (issue #33 §1). */
export type ImportReport = {
  dryRun: boolean
  tables: TableReport[]
  /** Tables of the source the importer does not read (`schema.table` → rows), e.g. storage.objects. */
  otherTables: { table: string; rows: number }[]
  /** Images referred to but not brought across: the row is kept without them. */
  droppedImages: DroppedImage[]
  /** Images read and stored through the upload pipeline by this run. */
  imagesCopied: number
  /** Whether rows of another site were deleted first (`--replace`). */
  replaced: boolean
  /** Wall time of the run, in ms. */
  durationMs: number
}

export type ImportSiteOptions = {
  /** A dump file path or a `postgres://` URL of the original database. */
  source: string
  /** The source already read ({@link readSource}), so a caller can check it before opening the target. */
  data?: SourceData
  /** `--images`: a folder of the bucket's objects, or its public URL prefix; absent: each URL as it is. */
  images?: string
  /** Read and check everything, write nothing. */
  dryRun?: boolean
  /** Delete another site's content (the demo…) before importing. */
  replace?: boolean
  /** The target database (migrated). */
  db: Database
  /** SITE_TIMEZONE, for the original's days without time. */
  timeZone: string
  /** Receives one French line per table as it completes (the CLI prints them). */
  onProgress?: (line: string) => void
}

/**
 * Tables whose rows, when none comes from this source, make the database "another site's": every
 * table of the import but the accounts.
 */
const CONTENT_MAPPINGS = TABLE_MAPPINGS.filter((mapping) => mapping.source !== 'auth.users')

/**
 * Tables `--replace` empties: the site's content and everything that hangs on it (images library,
 * revisions, views, outbox, automatic bids, reminders); the accounts stay.
 */
const REPLACED_TABLES = [
  'site_settings',
  'pages_config',
  'categories',
  'oeuvres',
  'articles',
  'revisions_articles',
  'vues_articles',
  'evenements',
  'saisons_podcast',
  'episodes_podcast',
  'photos_atelier',
  'contact_messages',
  'encheres',
  'mises',
  'mises_maximales',
  'validations_email',
  'rappels_enchere',
  'abonnes_prochaine_enchere',
  'annonces_enchere',
  'emails_sortants',
  'medias',
]

/** Rows inserted per statement. */
const BATCH = 100
/** Rows mapped (and their images ingested) at the same time: one per core of the reference machine. */
const MAP_CONCURRENCY = 2

/**
 * What the target already holds: rows of this source's ids (a previous run of the same import),
 * and per table the rows that are not (another site's, or what the imported site did since).
 */
async function targetContent(
  db: Database,
  data: SourceData,
): Promise<{ ours: number; others: { table: string; rows: number }[] }> {
  let ours = 0
  const others: { table: string; rows: number }[] = []
  for (const { table, source } of CONTENT_MAPPINGS) {
    const ids = (data.tables.get(source) ?? []).map((row) => row.id ?? '').filter(Boolean)
    const column = (table as unknown as { id: Parameters<typeof notInArray>[0] }).id
    const [row] = await db
      .select({
        total: count(),
        foreign: sql<number>`count(*) filter (where ${notInArray(column, ids)})`.mapWith(Number),
      })
      .from(table)
    if (!row) continue
    ours += row.total - row.foreign
    if (row.foreign > 0) others.push({ table: source.split('.')[1] as string, rows: row.foreign })
  }
  return { ours, others }
}

async function mapRows(
  mapping: TableMapping,
  data: SourceData,
  images: ImageImporter,
  timeZone: string,
): Promise<{ rows: MappedRow[]; skipped: SkippedRow[]; notes: MappedNote[] }> {
  const source = data.tables.get(mapping.source) ?? []
  const results: (MappedRow | SkippedRow)[] = new Array(source.length)
  const notes: MappedNote[] = []
  let next = 0
  const worker = async () => {
    while (next < source.length) {
      const index = next++
      results[index] = await mapping.map(
        source[index] as (typeof source)[number],
        { data, images, timeZone },
        notes,
      )
    }
  }
  await Promise.all(Array.from({ length: MAP_CONCURRENCY }, worker))
  const rows: MappedRow[] = []
  const skipped: SkippedRow[] = []
  for (const result of results) {
    if (isSkipped(result)) skipped.push(result)
    else rows.push(result)
  }
  return { rows, skipped, notes }
}

/** Writes mapped rows, keeping any row already there (same id or same unique key). @returns the ids written. */
async function writeRows(
  db: Database,
  mapping: TableMapping,
  rows: MappedRow[],
  data: SourceData,
): Promise<Set<string>> {
  const written = new Set<string>()
  const byId = new Map((data.tables.get(mapping.source) ?? []).map((row) => [row.id ?? '', row]))
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH)
      const inserted = (await tx
        .insert(mapping.table)
        .values(batch.map((row) => row.values) as never)
        .onConflictDoNothing()
        .returning()) as { id: string }[]
      for (const row of inserted) written.add(row.id)
      if (mapping.extra) {
        const extras = batch
          .filter((row) => written.has(row.id))
          .map((row) => mapping.extra?.values(byId.get(row.id) ?? {}))
          .filter((values): values is Record<string, unknown> => values !== null && values !== undefined)
        if (extras.length > 0)
          await tx
            .insert(mapping.extra.table)
            .values(extras as never)
            .onConflictDoNothing()
      }
    }
  })
  return written
}

/** Every image URL of the source's rows, for the check made before anything is written. */
function imageUrls(data: SourceData): string[] {
  const urls: string[] = []
  for (const rows of data.tables.values()) {
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (value && /^https?:\/\/\S+$/.test(value) && /\/storage\/v1\/object\//.test(value)) urls.push(value)
      }
    }
  }
  return urls
}

function progressLine(report: TableReport, dryRun: boolean): string {
  const parts = [`${report.table.padEnd(18)} lues ${String(report.read).padStart(4)}`]
  parts.push(`${dryRun ? 'à importer' : 'importées'} ${report.imported}`)
  if (report.alreadyThere > 0) parts.push(`déjà présentes ${report.alreadyThere}`)
  if (report.skipped.length > 0) parts.push(`écartées ${report.skipped.length}`)
  return parts.join(' · ')
}

/**
 * Imports the original site into Encre (issue #33): reads the whole source first (a dump or the
 * original database), checks the images source answers and that the target holds no other site,
 * then writes each table of the spec in order, rows keyed by their original ids (`on conflict do
 * nothing`: a second run adds nothing and completes an interrupted one), images through the upload
 * pipeline. Nothing is written when the source, the images source or the target is refused, nor in
 * a dry run.
 *
 * @returns the report: per table rows read, imported, already there, skipped with reasons, notes;
 *   dropped images; images copied; duration in ms.
 * @throws ImportError in French for an unreadable or foreign source, a missing images folder, an
 *   unreachable images host, or a database holding another site's content without `replace`.
 */
export async function importSite(options: ImportSiteOptions): Promise<ImportReport> {
  const started = Date.now()
  const dryRun = options.dryRun ?? false
  const imageSource = parseImageSource(options.images)
  const data = options.data ?? (await readSource(options.source))
  const { db } = options

  // Another site's content (the demo…) is refused; rows added since a previous run of this same
  // import (new bids, messages, works) are the site's own life and stay.
  const target = await targetContent(db, data)
  if (target.others.length > 0 && target.ours === 0 && !options.replace) {
    const detail = target.others.map((entry) => `${entry.table} : ${entry.rows}`).join(', ')
    throw new ImportError(
      `La base de données contient déjà un autre contenu (${detail}) : le site de démonstration ou un autre site. ` +
        'Relancez avec --replace pour l’effacer et le remplacer par le site importé, ou importez dans une base vide.',
    )
  }

  const images = new ImageImporter(imageSource, { dryRun, executor: db })
  await images.probe(imageUrls(data))

  const replaced = Boolean(options.replace) && target.ours + target.others.length > 0 && !dryRun
  if (replaced) {
    await db.execute(sql.raw(`truncate ${REPLACED_TABLES.map((name) => `"${name}"`).join(', ')} cascade`))
  }

  const tables: TableReport[] = []
  for (const mapping of TABLE_MAPPINGS) {
    const read = data.tables.get(mapping.source)?.length ?? 0
    const { rows, skipped, notes } = await mapRows(mapping, data, images, options.timeZone)
    let imported = rows.length
    if (!dryRun && rows.length > 0) imported = (await writeRows(db, mapping, rows, data)).size
    const report: TableReport = {
      table: mapping.name,
      read,
      imported,
      alreadyThere: rows.length - imported,
      skipped,
      notes,
    }
    tables.push(report)
    options.onProgress?.(progressLine(report, dryRun))
  }

  const readTables = new Set<string>(TABLE_MAPPINGS.map((mapping) => mapping.source))
  readTables.add('public.profils')
  const otherTables = [...data.rowsRead]
    .filter(([table]) => !readTables.has(table))
    .map(([table, rows]) => ({ table, rows }))
  return {
    dryRun,
    tables,
    otherTables,
    droppedImages: images.dropped,
    imagesCopied: images.copied,
    replaced,
    durationMs: Date.now() - started,
  }
}
