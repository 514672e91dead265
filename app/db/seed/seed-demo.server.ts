import { sql } from 'drizzle-orm'
import { type Executor, getDb, queryRows } from '#app/db/client.server'
import {
  articles,
  categories,
  episodesPodcast,
  evenements,
  oeuvres,
  pagesConfig,
  photosAtelier,
  saisonsPodcast,
  siteSettings,
} from '#app/db/schema'
import {
  DEMO_ARTICLES,
  DEMO_ARTWORKS,
  DEMO_CATEGORIES,
  DEMO_EVENTS,
  DEMO_PAGES,
  DEMO_SEASONS,
  DEMO_SETTINGS,
  DEMO_STUDIO_PHOTOS,
  type DemoImage,
} from '#app/db/seed/demo-data'
import { renderDemoImage } from '#app/db/seed/draw-ink.server'
import { toImageColumns } from '#app/lib/artwork-display'
import { readingTimeMinutes } from '#app/lib/format'
import { sanitizeRichText } from '#app/lib/sanitize.server'
import { logger } from '#app/logger.server'
import { ingestImage } from '#app/media/ingest-image.server'

/**
 * Long side of the generated demo images, in px. Images shown large (banners, covers, main
 * artwork images, large studio photos) get 1600 px, so landscape and square ones have a 1600 px
 * variant; the others get 1400 px (variants up to 1024 px), which keeps the first start fast.
 */
const LARGE_LONG_SIDE = 1600
const SMALL_LONG_SIDE = 1400
/** Images drawn and encoded at the same time: one per core on the reference 2-core machine. */
const DEMO_IMAGE_CONCURRENCY = 2
/** Advisory lock key taken while seeding, so two instances starting together seed once. */
const SEED_LOCK_KEY = 72_201_001

/** Whether the site has no content yet: no settings, page configuration, category or article. */
async function hasContent(executor: Executor): Promise<boolean> {
  const [row] = await queryRows<{ has_content: boolean }>(
    executor,
    sql`select (exists (select 1 from ${siteSettings}) or exists (select 1 from ${pagesConfig})
      or exists (select 1 from ${categories}) or exists (select 1 from ${articles})) as has_content`,
  )
  return Boolean(row?.has_content)
}

type ImageJob = { image: DemoImage; folder: string; longSide: number }

/** Every distinct demo image with the upload folder the back-office would use for it (first use wins). */
function imageJobs(): ImageJob[] {
  const jobs: ImageJob[] = []
  const seen = new Set<number>()
  const add = (image: DemoImage | null, folder: string, large: boolean) => {
    if (!image || seen.has(image.seed)) return
    seen.add(image.seed)
    jobs.push({ image, folder, longSide: large ? LARGE_LONG_SIDE : SMALL_LONG_SIDE })
  }
  // Artworks first: an image shared with a category, an event or a photo is an artwork's.
  for (const artwork of DEMO_ARTWORKS) {
    for (const [index, image] of artwork.images.entries()) add(image, 'artworks', index === 0)
  }
  for (const page of DEMO_PAGES) add(page.image, 'pages', true)
  for (const category of DEMO_CATEGORIES) add(category.image, 'categories', true)
  for (const article of DEMO_ARTICLES) add(article.image, 'articles', true)
  for (const event of DEMO_EVENTS) add(event.image, 'evenements', false)
  for (const season of DEMO_SEASONS) {
    add(season.image, 'saisons-podcast', false)
    for (const episode of season.episodes) add(episode.image, 'episodes-podcast', false)
  }
  for (const photo of DEMO_STUDIO_PHOTOS) {
    add(photo.image, 'atelier', photo.taille === 'large' || photo.taille === 'xlarge')
  }
  return jobs
}

/** Draws and ingests every demo image, a few at a time. @returns seed → stored URL. */
async function ingestDemoImages(jobs: ImageJob[], longSide?: number): Promise<Map<number, string>> {
  const urls = new Map<number, string>()
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as ImageJob
      const bytes = await renderDemoImage(job.image, longSide ?? job.longSide)
      const { url } = await ingestImage({
        bytes,
        folder: job.folder,
        originalName: `demo-${job.image.seed}.jpg`,
      })
      urls.set(job.image.seed, url)
    }
  }
  await Promise.all(Array.from({ length: DEMO_IMAGE_CONCURRENCY }, worker))
  return urls
}

/** Whether the site has no content yet, so that {@link seedDemoIfEmpty} would fill it. */
export async function needsDemoSeed(): Promise<boolean> {
  return !(await hasContent(getDb()))
}

/**
 * Fills an empty site with the demo content of `demo-data.ts` (issue #2 §3): settings, the 8
 * page configurations, categories and artworks, articles, timeline events, podcast seasons and
 * episodes, studio photos — including hidden and draft items that must never show publicly.
 * Images are drawn, then ingested like uploads (files and `medias` rows) before the content rows,
 * which are all inserted in one transaction. Rich text goes through the sanitizer like any write.
 *
 * Does nothing when any settings, page configuration, category or article row exists, so it is
 * safe at every start; an advisory lock makes concurrent starts seed once.
 *
 * @param options.imageLongSide - long side of every drawn image in px (default: 1600 or 1400 by
 *   use; tests pass less).
 * @returns true when the content was written, false when the database already had content.
 * @throws whatever the database or image pipeline throws; no content row is written then.
 */
export async function seedDemoIfEmpty(options: { imageLongSide?: number } = {}): Promise<boolean> {
  const db = getDb()
  if (await hasContent(db)) return false

  const started = Date.now()
  const jobs = imageJobs()
  const urls = await ingestDemoImages(jobs, options.imageLongSide)
  const url = (image: DemoImage | null) => (image ? (urls.get(image.seed) ?? null) : null)
  const imagesDone = Date.now()

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    if (await hasContent(tx)) return false

    await tx.insert(siteSettings).values(
      Object.entries(DEMO_SETTINGS).map(([setting_key, setting_value]) => ({
        setting_key,
        setting_value,
        setting_type: 'text',
      })),
    )

    // Each demo type holds its table's columns: a record is stored as it is, but for its image
    // (stored first: its URL) and its rich text (sanitized like any write).
    await tx.insert(pagesConfig).values(
      DEMO_PAGES.map(({ image, ...page }) => ({
        ...page,
        description: sanitizeRichText(page.description),
        image_url: url(image),
      })),
    )

    const categoryRows = await tx
      .insert(categories)
      .values(
        DEMO_CATEGORIES.map(({ image, ...category }) => ({
          ...category,
          description: sanitizeRichText(category.description),
          image_url: url(image),
        })),
      )
      .returning({ id: categories.id, nom: categories.nom })
    const categoryId = new Map(categoryRows.map((row) => [row.nom, row.id]))

    await tx.insert(oeuvres).values(
      DEMO_ARTWORKS.map(({ categorie, images, ...artwork }) => {
        const id = categoryId.get(categorie)
        if (!id) throw new Error(`Catégorie de démonstration inconnue : ${categorie}`)
        return {
          ...artwork,
          description: sanitizeRichText(artwork.description),
          categorie_id: id,
          ...toImageColumns(images.flatMap((image) => url(image) ?? [])),
        }
      }),
    )

    await tx.insert(articles).values(
      DEMO_ARTICLES.map(({ image, ...article }) => ({
        ...article,
        contenu: sanitizeRichText(article.contenu),
        minutes_lecture: readingTimeMinutes(sanitizeRichText(article.contenu)),
        image_url: url(image),
        date_publication: new Date(article.date_publication),
      })),
    )

    await tx.insert(evenements).values(
      DEMO_EVENTS.map(({ image, ...event }, index) => ({
        ...event,
        description: sanitizeRichText(event.description),
        image_url: url(image),
        annee: Number(event.date_evenement.slice(0, 4)),
        ordre: index,
      })),
    )

    for (const { image: cover, episodes, ...season } of DEMO_SEASONS) {
      const [row] = await tx
        .insert(saisonsPodcast)
        .values({ ...season, description: sanitizeRichText(season.description), image_url: url(cover) })
        .returning({ id: saisonsPodcast.id })
      await tx.insert(episodesPodcast).values(
        // code_player_html is stored as pasted: the episode page checks it against the player
        // allowlist when rendering.
        episodes.map(({ image, ...episode }) => ({
          ...episode,
          saison_id: row?.id ?? null,
          description: sanitizeRichText(episode.description),
          image_url: url(image),
          date_publication: new Date(episode.date_publication),
        })),
      )
    }

    await tx.insert(photosAtelier).values(
      DEMO_STUDIO_PHOTOS.map(({ image, ...photo }) => ({
        ...photo,
        description: sanitizeRichText(photo.description),
        image_url: url(image) as string,
      })),
    )
    return true
  })

  logger.info(
    { images: jobs.length, imagesMs: imagesDone - started, totalMs: Date.now() - started, seeded },
    'Contenu de démonstration : images et contenus préparés',
  )
  return seeded
}
