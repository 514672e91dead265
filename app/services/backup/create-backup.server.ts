import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import * as tar from 'tar'
import type { OpenedDatabase } from '#app/db/client.server'
import type { Env } from '#app/env.server'
import { type DatabaseContents, dumpDatabase } from './database-dump.server'

/** Bytes read from a file at a time when archiving or extracting (tar's default is 16 MiB). */
export const READ_SIZE = 1 << 20
/** A tar block (bytes): headers, and the padding of a file's bytes, come in blocks. */
const TAR_BLOCK = 512
/** How many backups to keep in the folder (DESIGN.md §2: the last 7). */
export const BACKUPS_KEPT = 7
/**
 * Version of the archive's layout, in its manifest. 2: the rows of every table (decision 026);
 * 1 (decision 020): a PGlite `dumpDataDir`, still restored into the embedded database.
 */
export const BACKUP_FORMAT = 2
/**
 * Inside an archive: the manifest, the database's rows (`base/{table}.jsonl`), the uploads folder;
 * `pgliteDump` is the database of a format-1 archive.
 */
export const BACKUP_ENTRIES = {
  manifest: 'manifest.json',
  database: 'base',
  pgliteDump: 'base.tar',
  uploads: 'uploads',
} as const

/** What a backup holds besides the database. */
export type BackupSources = {
  /** The local uploads folder, archived whole when it exists. */
  uploadsDir: string
  /** The object-storage bucket when S3_BUCKET is set: its name is recorded, its files stay there. */
  bucket?: string
}

/** The manifest.json of an archive. */
export type BackupManifest = {
  format: number
  cree_le: string
  /** The engine the archive was made on; either restores it (format 2). */
  moteur: OpenedDatabase['kind']
  stockage: { type: 'local' } | { type: 's3'; bucket: string }
  /** Format 2: the migrations, tables and sequences of `base/`. */
  base?: DatabaseContents
}

/**
 * Where the files a backup must hold are (issue #12 §3), the one place to adapt to another storage:
 * `{DATA_DIR}/uploads`, and the bucket's name when `S3_BUCKET` is set.
 *
 * @param env - the validated configuration (app/env.server.ts).
 */
export function backupSources(env: Pick<Env, 'DATA_DIR_ABS' | 'S3_BUCKET'>): BackupSources {
  return { uploadsDir: path.join(env.DATA_DIR_ABS, 'uploads'), bucket: env.S3_BUCKET }
}

/**
 * Writes a backup of the database and its images to `{folder}/encre-{UTC timestamp}.tar.gz`,
 * atomically, then deletes the oldest beyond {@link BACKUPS_KEPT} (DESIGN.md §2 "PGlite, safely";
 * issue #12 §3; decision 026). The archive (gzip tar) holds `manifest.json` ({@link BackupManifest}),
 * `base/{table}.jsonl` (every row, {@link dumpDatabase}) and `uploads/` (the files of
 * `sources.uploadsDir`); `npm run restore` reads it back into either engine. Rows and files are
 * streamed (issue #35 §4): memory does not grow with the database or the images, and the event
 * loop gets a turn between chunks of rows.
 *
 * @param opened - the open database, PGlite or a PostgreSQL server (read while the site runs).
 * @param folder - destination folder, created if missing (default `{DATA_DIR}/backups`).
 * @param sources - the files to include ({@link backupSources}).
 * @returns the archive's path and size in bytes.
 */
export async function createBackup(
  opened: OpenedDatabase,
  folder: string,
  sources: BackupSources,
): Promise<{ file: string; bytes: number }> {
  fs.mkdirSync(folder, { recursive: true })
  const staging = fs.mkdtempSync(path.join(folder, '.sauvegarde-'))
  try {
    const base = await dumpDatabase(opened.db, path.join(staging, BACKUP_ENTRIES.database))
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      cree_le: new Date().toISOString(),
      moteur: opened.kind,
      stockage: sources.bucket ? { type: 's3', bucket: sources.bucket } : { type: 'local' },
      base,
    }
    fs.writeFileSync(path.join(staging, BACKUP_ENTRIES.manifest), JSON.stringify(manifest, null, 2))
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = path.join(folder, `encre-${stamp}.tar.gz`)
    // A stream: compressed on libuv's threads (zlib), not on the event loop's; nothing of the
    // archive is held whole. The manifest and the rows are written as tar entries read through one
    // reused buffer ({@link appendFile}); the uploads by node-tar, which walks the folder.
    const gzip = zlib.createGzip()
    const written = pipeline(gzip, fs.createWriteStream(`${file}.tmp`, { mode: 0o600 }))
    try {
      const buffer = Buffer.allocUnsafe(READ_SIZE)
      await appendFile(gzip, buffer, path.join(staging, BACKUP_ENTRIES.manifest), BACKUP_ENTRIES.manifest)
      const rows = path.join(staging, BACKUP_ENTRIES.database)
      for (const name of fs.readdirSync(rows).sort()) {
        await appendFile(gzip, buffer, path.join(rows, name), `${BACKUP_ENTRIES.database}/${name}`)
      }
      if (fs.existsSync(sources.uploadsDir)) {
        // The uploads are read where they are (a link followed by tar), not copied first; tar ends
        // the archive.
        fs.symlinkSync(sources.uploadsDir, path.join(staging, BACKUP_ENTRIES.uploads))
        await pipeline(
          tar.create(
            {
              cwd: staging,
              follow: true,
              portable: true,
              maxReadSize: READ_SIZE,
              // Half-written uploads (`*.tmp` of app/media/storage.server.ts) are not content.
              filter: (entry) => !entry.endsWith('.tmp'),
            },
            [BACKUP_ENTRIES.uploads],
          ),
          gzip,
          { end: false },
        )
      } else {
        await take(gzip, Buffer.alloc(2 * TAR_BLOCK))
      }
      gzip.end()
      await written
    } catch (error) {
      gzip.destroy(error as Error)
      await written.catch(() => undefined)
      throw error
    }
    fs.chmodSync(`${file}.tmp`, 0o600)
    fs.renameSync(`${file}.tmp`, file)
    const archives = fs
      .readdirSync(folder)
      .filter((name) => /^encre-.*\.tar\.gz$/.test(name))
      .sort()
    for (const old of archives.slice(0, Math.max(0, archives.length - BACKUPS_KEPT)))
      fs.rmSync(path.join(folder, old))
    return { file, bytes: fs.statSync(file).size }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

/**
 * Appends `file` to the tar stream that `gzip` compresses, as the entry `entryPath`: its ustar
 * header (node-tar's `Header`), its bytes read through `buffer` — one buffer for the whole
 * archive, each read waiting until gzip has taken the previous one — and the padding to a block.
 * Reading through fresh buffers (as node-tar does) left up to 30 MB of them for the garbage
 * collector at 100× (223 MB of rows archived): the backup's peak then grew with the data.
 *
 * @throws when the file cannot be read, or changed size while it was archived.
 */
async function appendFile(gzip: zlib.Gzip, buffer: Buffer, file: string, entryPath: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const { size, mtime } = await handle.stat()
    const header = new tar.Header({ path: entryPath, mode: 0o600, size, mtime, type: 'File' })
    header.encode()
    if (!header.block || header.needPax) throw new Error(`Entrée d'archive impossible : ${entryPath}`)
    await take(gzip, header.block)
    for (let left = size; left > 0; ) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, left), null)
      if (bytesRead === 0) throw new Error(`${file} a changé de taille pendant la sauvegarde.`)
      await take(gzip, buffer.subarray(0, bytesRead))
      left -= bytesRead
    }
    const padding = (TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK
    if (padding > 0) await take(gzip, Buffer.alloc(padding))
  } finally {
    await handle.close()
  }
}

/** Writes `chunk` to `gzip` and resolves once gzip has taken it: its buffer may then be reused. */
function take(gzip: zlib.Gzip, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    gzip.write(chunk, (error) => (error ? reject(error) : resolve()))
  })
}
