import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import sharp from 'sharp'
import { describe, expect, inject, it } from 'vitest'
import { getDb, queryRows } from '#app/db/client.server'
import {
  account,
  articles,
  encheres,
  episodesPodcast,
  evenements,
  medias,
  oeuvres,
  photosAtelier,
  user,
} from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { artworkImageUrls } from '#app/lib/artwork-display'
import { loader as articleLoader } from '#app/routes/blog-article'
import { loader as episodeLoader } from '#app/routes/podcast-episode'
import { loader as artworkLoader } from '#app/routes/portfolio-artwork'
import { nextAuctionDeadline, runAuctionSchedule } from '#app/services/auctions/close-auctions.server'
import { placeBid } from '#app/services/auctions/place-bid.server'
import { signIn } from '#app/services/auth/sign-in.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { startTestServer } from '#tests/support/http-server'
import { ORIGINAL_SITE } from '#tests/support/original-site'
import { loadPage } from '#tests/support/routes'
import { ImportError } from './import-error'
import { type ImportReport, importSite } from './import-site.server'
import { readDumpFile } from './read-source.server'

const FIXTURE_DIR = ORIGINAL_SITE
const DUMP = path.join(FIXTURE_DIR, 'dump/data.sql')
const FULL_DUMP = path.join(FIXTURE_DIR, 'dump/full.sql')
const IMAGES = path.join(FIXTURE_DIR, 'images')
const counts = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'counts.json'), 'utf8')) as {
  tables: Record<string, number>
}
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, 'expected.json'), 'utf8'))

/** Encre table → the original's table counted in counts.json. */
const SOURCE_OF: Record<string, string> = {
  site_settings: 'public.site_settings',
  pages_config: 'public.pages_config',
  categories: 'public.categories',
  oeuvres: 'public.oeuvres',
  articles: 'public.articles',
  evenements: 'public.evenements',
  saisons_podcast: 'public.saisons_podcast',
  episodes_podcast: 'public.episodes_podcast',
  photos_atelier: 'public.photos_atelier',
  contact_messages: 'public.contact_messages',
  user: 'auth.users',
  encheres: 'public.encheres',
  mises: 'public.mises',
  validations_email: 'public.validations_email',
}

setUpAuctionTests()

function run(options: { source?: string; images?: string; dryRun?: boolean; replace?: boolean } = {}) {
  return importSite({ source: DUMP, db: getDb(), timeZone: 'Europe/Paris', ...options })
}

async function tableCount(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(getDb(), sql.raw(`select count(*)::int as n from "${table}"`))
  return row?.n ?? 0
}

/** Every table holds counts.json's rows minus what the report lists as skipped, each with a reason. */
async function expectCounts(report: ImportReport): Promise<void> {
  for (const table of report.tables) {
    const source = SOURCE_OF[table.table] as string
    expect(table.read, table.table).toBe(counts.tables[source])
    for (const skipped of table.skipped) expect(skipped.reason, table.table).not.toBe('')
    expect(await tableCount(table.table), table.table).toBe(
      (counts.tables[source] ?? 0) - table.skipped.length,
    )
  }
}

/** No stored row of the site's tables refers to the original's storage host. */
async function expectNoOriginalHost(): Promise<void> {
  for (const table of Object.keys(SOURCE_OF)) {
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql.raw(`select count(*)::int as n from "${table}" t where t::text like '%supabase.co%'`),
    )
    expect(row?.n, table).toBe(0)
  }
}

async function expectAdminSignsIn(): Promise<void> {
  const { email, password } = expected.admin
  expect(await signIn({ email, password, clientIp: '203.0.113.9' })).toMatchObject({ ok: true })
}

/** The running auction takes a bid above its imported price, through the real bid service. */
async function expectRunningAuctionTakesBids(): Promise<void> {
  const active = expected.activeAuction
  const [row] = await getDb().select().from(encheres).where(eq(encheres.id, active.id))
  expect(row).toMatchObject({
    statut: 'active',
    prix_actuel: active.prix_actuel,
    lien_prive: active.lien_prive,
  })
  if (Date.now() >= (row?.date_fin.getTime() ?? 0)) return // the fixture's auction is over after 2026-12-31
  await auctions.validate(active.id, 'nouvelle@example.fr')
  const answer = await placeBid({
    ...auctions.bidInput(active.lien_prive, 'nouvelle@example.fr', Number(active.prix_actuel) + 50),
  })
  expect(answer).toMatchObject({ status: 'accepted', prixActuel: '1445.00', isLeading: true })
}

/** Empties the imported site's tables (accounts included), keeping the images library. */
async function clearSiteKeepingImages(): Promise<void> {
  const tables = [...Object.keys(SOURCE_OF), 'emails_sortants'].map((table) => `"${table}"`).join(', ')
  await getDb().execute(sql.raw(`truncate ${tables} cascade`))
}

describe('importSite: the original site into Encre (issue #33)', () => {
  it('imports the fixture from its images folder, then from the bucket URL and from postgres://: counts, oddities, addresses, passwords, auction, EXIF, second run', {
    timeout: 600_000,
  }, async () => {
    const report = await run({ images: IMAGES })
    await expectCounts(report)

    // Unknown settings are skipped and reported; the two missing files are dropped, rows kept.
    expect(
      report.tables.find((table) => table.table === 'site_settings')?.skipped.map((row) => row.reason),
    ).toEqual([
      'paramètre « actualites_titre » inconnu d’Encre',
      'paramètre « actualites_description » inconnu d’Encre',
      'paramètre « site_favicon » inconnu d’Encre',
    ])
    expect(report.droppedImages.map((image) => image.url).sort()).toEqual(
      expected.special.missingFiles.map((file: { url: string }) => file.url).sort(),
    )
    expect(report.otherTables).toContainEqual({ table: 'storage.objects', rows: 335 })

    const special = expected.special
    const artworks = new Map((await getDb().select().from(oeuvres)).map((row) => [row.id, row]))
    for (const id of special.artworksWithDeletedCategory) expect(artworks.get(id)?.categorie_id).toBeNull()
    for (const id of special.artworksWithTenImages)
      expect(artworks.get(id)?.image10_url).toMatch(/^\/uploads\/artworks\//)
    const gap = artworks.get(special.artworkWithImageGap)
    expect(gap?.image1_url).toMatch(/^\/uploads\/artworks\//)
    expect(artworks.get(special.accentedFileNames[0].id)?.image1_url).toMatch(/^\/uploads\/artworks\//)
    const missing = artworks.get(special.missingFiles[0].where.id)
    expect(missing?.image1_url).toMatch(/^\/uploads\//)
    // The missing file's column is dropped, the next images move up.
    const sourceRow = (await readDumpFile(DUMP)).tables
      .get('public.oeuvres')
      ?.find((row) => row.id === missing?.id)
    const sourceImages = Object.entries(sourceRow ?? {}).filter(
      ([column, value]) => /^image\d+_url$/.test(column) && value,
    )
    expect(artworkImageUrls(missing as never)).toHaveLength(sourceImages.length - 1)
    const [event] = await getDb()
      .select()
      .from(evenements)
      .where(eq(evenements.id, special.missingFiles[1].where.id))
    expect(event?.image_url).toBeNull()
    expect(
      (await getDb().select({ type: evenements.type }).from(evenements)).map((row) => row.type),
    ).not.toContain('conference')

    const articleRows = new Map((await getDb().select().from(articles)).map((row) => [row.slug, row]))
    for (const slug of special.draftArticles) expect(articleRows.get(slug)?.statut).toBe('brouillon')
    for (const slug of special.archivedArticles) expect(articleRows.get(slug)?.statut).toBe('archive')
    expect(articleRows.get(special.publishedButHiddenArticle)).toMatchObject({
      statut: 'publie',
      affiche: false,
    })
    const youtube = articleRows.get(special.articleWithYoutube)?.contenu ?? ''
    expect(youtube).not.toContain('<iframe')
    expect(youtube).toMatch(/href="https:\/\/www\.youtube\.com\/watch\?v=[\w-]+"/)
    const html = [...articleRows.values()].map((row) => row.contenu).join('\n')
    expect(html).toContain('style="text-align:center"')
    expect(html).not.toContain('ql-align')
    expect(html).toMatch(/href="\/uploads\/articles\/[0-9a-f]+-\d+\.webp"/)
    for (const slug of special.featuredArticles) expect(articleRows.get(slug)?.tags).toContain('A la une')

    for (const auction of expected.auctions) {
      const [row] = await getDb().select().from(encheres).where(eq(encheres.id, auction.id))
      expect(row).toMatchObject({
        statut: auction.statut,
        lien_prive: auction.lien_prive,
        prix_depart: auction.prix_depart,
        prix_reserve: auction.prix_reserve,
        prix_actuel: auction.prix_actuel,
      })
      expect(row?.date_debut.toISOString()).toBe(
        new Date(auction.date_debut.replace(' ', 'T').replace('+00', 'Z')).toISOString(),
      )
      expect(row?.date_fin.toISOString()).toBe(
        new Date(auction.date_fin.replace(' ', 'T').replace('+00', 'Z')).toISOString(),
      )
    }

    // Original addresses answer, with images from Encre.
    const artworkId = special.artworksWithTenImages[0]
    const artwork = await loadPage(artworkLoader, `/portfolio/oeuvre/${artworkId}`, { artworkId })
    expect(artwork.status).toBe(200)
    expect(JSON.stringify(artwork.data)).toContain('/uploads/artworks/')
    const published = [...articleRows.values()].filter((row) => row.statut === 'publie' && row.affiche)
    expect(published.some((row) => row.slug.includes('--'))).toBe(true)
    for (const row of published) {
      const page = await loadPage(articleLoader, `/blog/${row.slug}`, { slug: row.slug })
      expect(page.status, row.slug).toBe(200)
    }
    const [episodeRow] = await getDb()
      .select({ id: episodesPodcast.id })
      .from(episodesPodcast)
      .where(sql`${episodesPodcast.publie} and ${episodesPodcast.image_url} is not null`)
      .limit(1)
    const episode = await loadPage(episodeLoader, `/podcasts/episode/${episodeRow?.id}`, {
      episodeId: episodeRow?.id as string,
    })
    expect(episode.status).toBe(200)
    expect(JSON.stringify(episode.data)).toContain('/uploads/episodes-podcast/')
    expect(JSON.stringify([artwork.data, episode.data])).not.toContain('supabase.co')
    await expectNoOriginalHost()

    // Passwords: the bcrypt hash signs in once, then is Encre's own.
    await expectAdminSignsIn()
    const [stored] = await getDb()
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, expected.admin.id))
    expect(stored?.password).not.toMatch(/^\$2/)
    await expectAdminSignsIn()
    expect(
      await signIn({ email: expected.admin.email, password: 'pas-le-bon-mot', clientIp: '203.0.113.9' }),
    ).toMatchObject({ ok: false })
    const roles = await getDb().select({ email: user.email, role: user.role }).from(user)
    expect(roles).toEqual(
      expect.arrayContaining([
        { email: expected.admin.email, role: 'admin' },
        { email: expected.user.email, role: 'user' },
      ]),
    )

    // GPS gone, orientation applied.
    const uploads = path.join(getEnv().DATA_DIR_ABS, 'uploads')
    for (const photo of special.exifPhotos) {
      const name = path.basename(photo.object)
      const [media] = await getDb().select().from(medias).where(eq(medias.nom_original, name))
      expect(media, name).toBeDefined()
      const original = await sharp(path.join(IMAGES, photo.object)).metadata()
      expect(original.exif, name).toBeDefined()
      for (const variant of media?.variantes ?? []) {
        const metadata = await sharp(path.join(uploads, variant.url.slice('/uploads/'.length))).metadata()
        expect(metadata.exif, variant.url).toBeUndefined()
      }
      const portrait =
        photo.orientation === 6 ? original.width > original.height : original.width < original.height
      expect((media?.largeur ?? 0) < (media?.hauteur ?? 0), name).toBe(portrait)
    }

    await expectRunningAuctionTakesBids()
    // Its end is scheduled: the scheduler closes it at its imported end.
    const [running] = await getDb().select().from(encheres).where(eq(encheres.id, expected.activeAuction.id))
    expect(await nextAuctionDeadline(new Date('2026-11-28T00:00:00Z'))).toEqual(
      new Date((running?.date_fin.getTime() ?? 0) - 3_600_000),
    )
    const schedule = await runAuctionSchedule(new Date((running?.date_fin.getTime() ?? 0) + 1000))
    expect(schedule.closed.map((closed) => closed.enchereId)).toEqual([expected.activeAuction.id])

    // A second run adds nothing.
    const mediaCount = await tableCount('medias')
    const photos = await tableCount('photos_atelier')
    const again = await run({ images: IMAGES })
    for (const table of again.tables) expect(table.imported, table.table).toBe(0)
    expect(await tableCount('medias')).toBe(mediaCount)
    expect(await tableCount('photos_atelier')).toBe(photos)
    expect(await getDb().$count(photosAtelier)).toBe(counts.tables['public.photos_atelier'])

    // The same from an HTTP server answering like the bucket's public URL, then from the original
    // database: the site's rows are cleared, the images library kept (the files are the same
    // bytes: each is downloaded and recognised, not encoded again).
    await clearSiteKeepingImages()
    const requested: string[] = []
    const bucket = await startTestServer((request, response) => {
      const prefix = '/storage/v1/object/public/images/'
      const url = decodeURIComponent(request.url ?? '')
      requested.push(url)
      const file = path.join(IMAGES, url.slice(prefix.length))
      if (!url.startsWith(prefix) || !fs.existsSync(file)) {
        response.writeHead(400, { 'content-type': 'application/json' })
        response.end('{"statusCode":"404","error":"not_found","message":"Object not found"}')
        return
      }
      response.writeHead(200, { 'content-type': 'image/jpeg' })
      fs.createReadStream(file).pipe(response)
    })
    try {
      const report = await run({ images: `${bucket.origin}/storage/v1/object/public/images/` })
      await expectCounts(report)
      expect(report.droppedImages).toHaveLength(2)
      expect(requested.length).toBeGreaterThan(300)
      await expectNoOriginalHost()
      await expectAdminSignsIn()
      await expectRunningAuctionTakesBids()
    } finally {
      await bucket.close()
    }

    const server = inject('postgresTemplateUrl')
    if (!server) return // needs a PostgreSQL server: run with TEST_DATABASE_URL
    const source = await restoreFullDump(server)
    try {
      await clearSiteKeepingImages()
      const report = await run({ source: source.url, images: IMAGES })
      await expectCounts(report)
      expect(report.droppedImages).toHaveLength(2)
      await expectNoOriginalHost()
      await expectAdminSignsIn()
    } finally {
      await source.drop()
    }
  })

  it('refuses bad input with a French message and writes nothing', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-import-'))
    const dump = fs.readFileSync(DUMP, 'utf8')
    const truncated = path.join(folder, 'tronque.sql')
    fs.writeFileSync(truncated, dump.slice(0, dump.indexOf('COPY "public"."oeuvres"') + 2000))
    const other = path.join(folder, 'autre.sql')
    fs.writeFileSync(
      other,
      "SET client_encoding = 'UTF8';\nCOPY public.produits (id, nom) FROM stdin;\n1\tTasse\n\\.\nRESET ALL;\n",
    )
    const cases: [string, () => Promise<unknown>, RegExp][] = [
      ['tronqué', () => run({ source: truncated, images: IMAGES }), /est tronqué/],
      [
        'autre application',
        () => run({ source: other, images: IMAGES }),
        /ne ressemble pas au site d’origine/,
      ],
      ['introuvable', () => run({ source: path.join(folder, 'absent.sql') }), /introuvable ou illisible/],
      [
        'dossier absent',
        () => run({ images: path.join(folder, 'images') }),
        /dossier d’images .* introuvable/,
      ],
      [
        'URL injoignable',
        () => run({ images: 'http://127.0.0.1:9/images/' }),
        /Impossible de télécharger les images/,
      ],
    ]
    for (const [label, attempt, message] of cases) {
      const error = await attempt().catch((thrown: unknown) => thrown)
      expect(error, label).toBeInstanceOf(ImportError)
      expect((error as Error).message, label).toMatch(message)
    }
    for (const table of [...Object.keys(SOURCE_OF), 'medias']) expect(await tableCount(table), table).toBe(0)
    fs.rmSync(folder, { recursive: true, force: true })
  })

  it('refuses a database holding another site unless --replace, and a dry run writes nothing', async () => {
    await getDb().insert(articles).values({ slug: 'demo', titre: 'Démo', contenu: '<p>Démo</p>' })
    const refusal = await run({ images: IMAGES, dryRun: true }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ImportError)
    expect((refusal as Error).message).toMatch(
      /^La base de données contient déjà un autre contenu \(articles : 1\).*--replace/,
    )
    const dry = await run({ images: IMAGES, dryRun: true, replace: true })
    expect(dry.tables.find((table) => table.table === 'oeuvres')?.imported).toBe(60)
    expect(dry.droppedImages).toHaveLength(2)
    expect(await tableCount('oeuvres')).toBe(0)
    expect(await tableCount('articles')).toBe(1)
    expect(await tableCount('medias')).toBe(0)
  })
})

/**
 * Restores dump/full.sql into a scratch database of the test's PostgreSQL server: the roles it
 * grants to (Supabase's) are created first, as a Supabase project has them.
 */
async function restoreFullDump(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = serverUrl.replace(/\/[^/]*$/, '/postgres')
  const name = `encre_import_source_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  for (const role of [
    'anon',
    'authenticated',
    'service_role',
    'supabase_admin',
    'supabase_auth_admin',
    'supabase_storage_admin',
  ]) {
    await admin.query(
      `do $$ begin create role ${role} nologin; exception when duplicate_object then null; end $$`,
    )
  }
  await admin.query(`drop database if exists "${name}" with (force)`)
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = adminUrl.replace(/\/postgres$/, `/${name}`)
  const restore = spawnSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', FULL_DUMP], {
    encoding: 'utf8',
  })
  expect(restore.status, restore.stderr).toBe(0)
  return {
    url,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}
