import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { categories, medias } from '#app/db/schema'
import type { AdminActionData } from '#app/lib/admin-result'
import { releaseMedia, sweepUnreferencedMedia } from '#app/media/release-media.server'
import { uploadedFileExists } from '#tests/support/images'
import { formRequest, resetSignIn, signedInCookie } from '#tests/support/sessions'
import { testImage } from '#tests/support/test-image'
import { action } from './upload'

const context = { cspNonce: 'n', clientIp: '127.0.0.1' }

async function pngFile(name = 'encre.png'): Promise<File> {
  const bytes = await testImage(700, 400, '#223344')
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' })
}

async function upload(fields: Record<string, string | Blob>, cookie?: string) {
  const result = await action({
    request: formRequest('/admin/upload', fields, cookie),
    params: {},
    context,
  } as never).catch((thrown: unknown) => thrown)
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') }
  if (result && typeof result === 'object' && 'init' in result) {
    const wrapped = result as { init?: { status?: number }; data: AdminActionData }
    return { status: wrapped.init?.status ?? 200, body: wrapped.data }
  }
  return { status: 200, body: result as AdminActionData }
}

beforeEach(async () => {
  await resetSignIn()
})

describe('POST /admin/upload', () => {
  it('stores an administrator’s image in the spec folder with its variants', async () => {
    const cookie = await signedInCookie('admin')
    const answer = await upload({ intent: 'upload', folder: 'categories', file: await pngFile() }, cookie)
    expect(answer.status).toBe(200)
    expect(answer.body?.toast.title).toBe('Image uploadée')
    const url = answer.body?.url ?? ''
    expect(url).toMatch(/^\/uploads\/categories\/[0-9a-f]+-640\.webp$/)
    expect(uploadedFileExists(url)).toBe(true)
    const [row] = await getDb().select().from(medias).where(eq(medias.url, url))
    expect(row?.largeur).toBe(700)
  })

  it('stores an image whose file name holds NUL and control characters, the name without them', async () => {
    const cookie = await signedInCookie('admin')
    const file = await pngFile('en\u0000c\u001bre.png')

    const answer = await upload({ intent: 'upload', folder: 'categories', file }, cookie)

    expect(answer.status).toBe(200)
    const [row] = await getDb()
      .select()
      .from(medias)
      .where(eq(medias.url, answer.body?.url ?? ''))
    expect(row?.nom_original).toBe('encre.png')
  })

  it('refuses visitors and non-administrators before reading the file', async () => {
    const file = await pngFile()
    expect(await upload({ intent: 'upload', folder: 'categories', file })).toEqual({
      status: 302,
      location: '/auth',
    })
    const user = await signedInCookie('user')
    expect(await upload({ intent: 'upload', folder: 'categories', file }, user)).toEqual({
      status: 302,
      location: '/',
    })
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })

  it('refuses an SVG, a text file, an unknown folder and a missing file with French messages', async () => {
    const cookie = await signedInCookie('admin')
    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      'x.svg',
      {
        type: 'image/svg+xml',
      },
    )
    const text = new File(['bonjour'], 'x.png', { type: 'image/png' })
    const answers = [
      await upload({ intent: 'upload', folder: 'categories', file: svg }, cookie),
      await upload({ intent: 'upload', folder: 'categories', file: text }, cookie),
      await upload({ intent: 'upload', folder: '../etc', file: await pngFile() }, cookie),
      await upload({ intent: 'upload', folder: 'categories' }, cookie),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400])
    expect(answers[0]?.body?.toast.description).toMatch(/^Erreur d'upload: /)
    expect(answers[2]?.body?.toast.description).toBe("Dossier d'upload inconnu.")
    expect(answers[3]?.body?.toast.description).toBe('Veuillez sélectionner un fichier image')
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })

  it('applies the 5 MB limit of the multi-upload when asked', async () => {
    const cookie = await signedInCookie('admin')
    const noisy = await sharp(randomBytes(1800 * 1200 * 3), {
      raw: { width: 1800, height: 1200, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024)
    const file = new File([new Uint8Array(noisy)], 'bruit.png', { type: 'image/png' })
    const answer = await upload({ intent: 'upload', folder: 'atelier', file, limit: '5' }, cookie)
    expect(answer.status).toBe(400)
    expect(answer.body?.toast.description).toContain('5 MB')
  })
})

describe('unreferenced files are deleted', () => {
  it('keeps a file while a row uses it, deletes it once no row does', async () => {
    const cookie = await signedInCookie('admin')
    const url =
      (await upload({ intent: 'upload', folder: 'categories', file: await pngFile() }, cookie)).body?.url ??
      ''
    const [category] = await getDb().insert(categories).values({ nom: 'Encres', image_url: url }).returning()
    expect(await releaseMedia([url])).toBe(0)
    expect(uploadedFileExists(url)).toBe(true)

    await getDb()
      .update(categories)
      .set({ image_url: null })
      .where(eq(categories.id, category?.id ?? ''))
    expect(await releaseMedia([url, null, '/uploads/inconnu.webp'])).toBe(1)
    expect(uploadedFileExists(url)).toBe(false)
    expect(await getDb().select().from(medias)).toHaveLength(0)
  })

  it('sweeps uploads never saved in a row once older than the grace period', async () => {
    const cookie = await signedInCookie('admin')
    const url =
      (await upload({ intent: 'upload', folder: 'articles', file: await pngFile() }, cookie)).body?.url ?? ''
    expect(await sweepUnreferencedMedia(60_000)).toBe(0)
    expect(await sweepUnreferencedMedia(0)).toBe(1)
    expect(uploadedFileExists(url)).toBe(false)
  })
  it('sweeps more abandoned uploads than one batch, and keeps every one a row uses', async () => {
    // 450 abandoned images (three batches), one of them used by a category.
    await getDb().execute(
      sql`insert into medias (url, dossier, mime, largeur, hauteur, octets, variantes, cree_le)
          select '/uploads/articles/abandon-' || g || '.webp', 'articles', 'image/webp', 10, 10, 100,
                 '[]'::jsonb, now() - interval '2 days'
          from generate_series(1, 450) g`,
    )
    await getDb()
      .insert(categories)
      .values({ nom: 'Gardée', image_url: '/uploads/articles/abandon-321.webp' })
    expect(await sweepUnreferencedMedia(60_000)).toBe(449)
    expect((await getDb().select({ url: medias.url }).from(medias)).map((row) => row.url)).toEqual([
      '/uploads/articles/abandon-321.webp',
    ])
  })
})
