import fs from 'node:fs'
import path from 'node:path'
import type { Executor } from '#app/db/client.server'
import { DEFAULT_MAX_IMAGE_BYTES, ingestImage, MediaError } from '#app/media/ingest-image.server'
import { ImportError } from './import-error'

/** How long one image download may take, in ms, before it is given up (listed as missing). */
export const DOWNLOAD_TIMEOUT_MS = 30_000

/** Where the original's images are read from (issue #33 §1 `--images`). */
export type ImageSource =
  /** A local folder holding the bucket's objects (`<folder>/<object name>`). */
  | { kind: 'folder'; dir: string }
  /** The bucket's public URL prefix, e.g. `https://<project>.supabase.co/storage/v1/object/public/images/`. */
  | { kind: 'url'; baseUrl: string }
  /** Each image URL of the rows, downloaded as it is. */
  | { kind: 'as-is' }

/** An image the import could not bring across: its original URL, where it was and why. */
export type DroppedImage = { url: string; where: string; reason: string }

const BUCKET_PATH = /\/storage\/v1\/object\/(?:public\/)?[^/]+\/(.+)$/

/**
 * The object name of a Supabase Storage public URL (the part after `/object/public/<bucket>/`,
 * percent-decoded, query and fragment left out), e.g. `artworks/1721513348453-Ensō été 2024 (copie).jpg`.
 *
 * @returns the object name, or null for any other URL.
 */
export function bucketObjectName(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  const match = BUCKET_PATH.exec(parsed.pathname)
  if (!match) return null
  try {
    return (match[1] as string).split('/').map(decodeURIComponent).join('/')
  } catch {
    return null
  }
}

/** Whether a URL points into the original's storage (the host nothing imported may refer to). */
export function isOriginalStorageUrl(url: string): boolean {
  return bucketObjectName(url) !== null
}

/**
 * Parses the `--images` option: an http(s) URL prefix, else a folder that must exist.
 *
 * @param value - the option's value, or undefined.
 * @throws ImportError in French when the folder does not exist or is not a folder.
 */
export function parseImageSource(value: string | undefined): ImageSource {
  if (!value) return { kind: 'as-is' }
  if (/^https?:\/\//i.test(value)) return { kind: 'url', baseUrl: value.endsWith('/') ? value : `${value}/` }
  const dir = path.resolve(value)
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new ImportError(
      `Le dossier d’images ${dir} est introuvable. Indiquez le dossier téléchargé du bucket (--images).`,
    )
  }
  return { kind: 'folder', dir }
}

type Fetched = { bytes: Buffer } | { missing: string }

/**
 * Downloads an image, at most {@link DOWNLOAD_TIMEOUT_MS} and a little more than the upload limit.
 * @returns the bytes, or why there are none (HTTP status, time-out, too large).
 * @throws ImportError when the host cannot be reached at all (name, connection), when `fatal`.
 */
async function download(url: string, fatal: boolean): Promise<Fetched> {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: 'follow' })
  } catch (error) {
    const cause = (error as Error).name === 'TimeoutError' ? 'délai dépassé' : 'serveur injoignable'
    if (fatal)
      throw new ImportError(`Impossible de télécharger les images depuis ${new URL(url).origin} (${cause}).`)
    return { missing: `téléchargement impossible (${cause})` }
  }
  if (!response.ok) {
    await response.body?.cancel()
    return { missing: `réponse HTTP ${response.status}` }
  }
  const length = Number(response.headers.get('content-length') ?? 0)
  if (length > DEFAULT_MAX_IMAGE_BYTES) {
    await response.body?.cancel()
    return { missing: 'fichier de plus de 10 MB' }
  }
  return { bytes: Buffer.from(await response.arrayBuffer()) }
}

/**
 * Brings the original's images into Encre (issue #33 §1, §3): each URL is read from the images
 * source once, then goes through the upload pipeline (app/media/ingest-image.server.ts: checks,
 * EXIF and GPS dropped, orientation applied, AVIF/WebP variants, local or S3 storage). Missing or
 * refused images are listed, never fatal.
 */
export class ImageImporter {
  private readonly done = new Map<string, Promise<string | null>>()
  readonly dropped: DroppedImage[] = []
  copied = 0

  /**
   * @param source - where files are read.
   * @param options.dryRun - only check that each file exists (folder) or answers (URL); store nothing.
   * @param options.executor - where `medias` rows are written (the import's database).
   */
  constructor(
    private readonly source: ImageSource,
    private readonly options: { dryRun: boolean; executor: Executor },
  ) {}

  /** Whether this import only checks (nothing is stored). */
  get dryRun(): boolean {
    return this.options.dryRun
  }

  /** Whether a URL points into the original's storage: it must be brought across. */
  isOriginalStorage(url: string): boolean {
    return isOriginalStorageUrl(url)
  }

  /** Where the original URL's bytes are read: a file path or a URL. */
  private locate(url: string): { file: string } | { url: string } | { missing: string } {
    const object = bucketObjectName(url)
    const remote = /^https?:\/\/[^\s/]+/i.test(url)
    if (this.source.kind === 'as-is' || object === null)
      return remote ? { url } : { missing: 'adresse non reconnue' }
    if (this.source.kind === 'url') {
      return { url: new URL(object.split('/').map(encodeURIComponent).join('/'), this.source.baseUrl).href }
    }
    const file = path.resolve(this.source.dir, object)
    if (!file.startsWith(this.source.dir + path.sep)) return { missing: 'nom de fichier refusé' }
    return { file }
  }

  private async read(url: string, fatal: boolean): Promise<Fetched> {
    const place = this.locate(url)
    if ('missing' in place) return place
    if ('file' in place) {
      try {
        if (this.options.dryRun) {
          fs.statSync(place.file)
          return { bytes: Buffer.alloc(0) }
        }
        return { bytes: await fs.promises.readFile(place.file) }
      } catch {
        return { missing: 'fichier absent du dossier d’images' }
      }
    }
    return download(place.url, fatal)
  }

  /**
   * Checks before anything is written that the images source answers: the first remote image is
   * downloaded (an unreachable host stops the import).
   *
   * @param urls - every image URL of the source.
   * @throws ImportError in French when the host of the first downloadable URL cannot be reached.
   */
  async probe(urls: string[]): Promise<void> {
    const first = urls.find((url) => {
      const place = this.locate(url)
      return 'url' in place
    })
    if (first) await this.read(first, true)
  }

  /**
   * The Encre URL of an original image, ingested once per URL (the same URL twice is read once).
   *
   * @param url - the URL as the row holds it (null or '' give null).
   * @param folder - Encre's upload folder for it, e.g. 'artworks'.
   * @param where - what refers to it, for the report, e.g. 'oeuvres 3f2a… image2_url'.
   * @returns the stored image's URL (or the original one in a dry run), or null when dropped.
   */
  import(url: string | null | undefined, folder: string, where: string): Promise<string | null> {
    const trimmed = url?.trim()
    if (!trimmed) return Promise.resolve(null)
    let pending = this.done.get(trimmed)
    if (!pending) {
      pending = this.ingest(trimmed, folder)
      this.done.set(trimmed, pending)
    }
    return pending.then((result) => {
      if (result === null) {
        const reason = this.reasons.get(trimmed) ?? 'image introuvable'
        this.dropped.push({ url: trimmed, where, reason })
      }
      return result
    })
  }

  private readonly reasons = new Map<string, string>()

  private async ingest(url: string, folder: string): Promise<string | null> {
    const fetched = await this.read(url, false)
    if ('missing' in fetched) {
      this.reasons.set(url, fetched.missing)
      return null
    }
    if (this.options.dryRun) {
      this.copied++
      return url
    }
    const object = bucketObjectName(url)
    try {
      const stored = await ingestImage({
        bytes: fetched.bytes,
        folder,
        originalName: object ? path.basename(object) : path.basename(new URL(url).pathname),
        executor: this.options.executor,
      })
      this.copied++
      return stored.url
    } catch (error) {
      if (!(error instanceof MediaError)) throw error
      this.reasons.set(url, `image refusée : ${error.message}`)
      return null
    }
  }
}
