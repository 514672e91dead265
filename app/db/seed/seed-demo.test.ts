import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb, queryRows } from '#app/db/client.server'
import {
  articles,
  categories,
  episodesPodcast,
  evenements,
  medias,
  oeuvres,
  pagesConfig,
  photosAtelier,
  saisonsPodcast,
  siteSettings,
} from '#app/db/schema'
import {
  DEMO_DRAFT_ARTICLE_SLUG,
  DEMO_FEATURED_TAG,
  DEMO_GALLERY_ARTWORK,
  DEMO_HIDDEN_ARTICLE_SLUG,
  DEMO_HIDDEN_ARTWORK,
  DEMO_HIDDEN_CATEGORY,
  DEMO_HIDDEN_STUDIO_PHOTO,
  DEMO_SANDBOXED_EPISODE,
  DEMO_SITE_TITLE,
  DEMO_SPOTIFY_EPISODE,
  DEMO_UNPUBLISHED_EPISODE,
} from '#app/db/seed/demo-data'
import { seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { artworkImageUrls } from '#app/lib/artwork-display'
import { readingTimeMinutes } from '#app/lib/format'
import { sanitizeRichText } from '#app/lib/sanitize.server'
import { isSlug } from '#app/lib/slug'
import { getStorage } from '#app/media/storage.server'

const CONTENT_TABLES = [
  'site_settings',
  'pages_config',
  'categories',
  'oeuvres',
  'articles',
  'evenements',
  'saisons_podcast',
  'episodes_podcast',
  'photos_atelier',
  'medias',
]

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const table of CONTENT_TABLES) {
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql.raw(`select count(*)::int as n from "${table}"`),
    )
    result[table] = row?.n ?? 0
  }
  return result
}

describe('seedDemoIfEmpty', () => {
  beforeEach(async () => {
    // tests/setup does not truncate yet (its table filter matches no table): start each test clean here.
    await getDb().execute(sql.raw(`truncate ${CONTENT_TABLES.map((t) => `"${t}"`).join(', ')} cascade`))
  })

  it('fills an empty site with the demo content once, then writes nothing', async () => {
    // Small images keep the test fast; the content is the same as at a real first start.
    expect(await seedDemoIfEmpty({ imageLongSide: 320 })).toBe(true)
    const db = getDb()

    // Settings: the artist's name, two social links only, default copyright.
    const settings = Object.fromEntries(
      (await db.select().from(siteSettings)).map((row) => [row.setting_key, row.setting_value]),
    )
    expect(settings.site_title).toBe(DEMO_SITE_TITLE)
    expect(settings.site_subtitle).toBe('Calligraphies symboliques')
    expect(settings.site_title_type).toBe('text')
    expect(settings.facebook_url).toMatch(/^https:\/\//)
    expect(settings.instagram_url).toMatch(/^https:\/\//)
    expect(settings).not.toHaveProperty('twitter_url')
    expect(settings).not.toHaveProperty('linkedin_url')
    expect(settings).not.toHaveProperty('copyright_text')

    // Pages: all 8, mentions-legales out of the menu with a full legal notice.
    const pages = await db.select().from(pagesConfig)
    expect(pages.map((page) => page.page_name).sort()).toEqual(
      [
        'accueil',
        'atelier',
        'blog',
        'categories',
        'contact',
        'mentions-legales',
        'parcours',
        'podcasts',
      ].sort(),
    )
    const legal = pages.find((page) => page.page_name === 'mentions-legales')
    expect(legal?.show_in_menu).toBe(false)
    for (const heading of ['Éditeur', 'Hébergeur', 'Propriété intellectuelle', 'Données personnelles']) {
      expect(legal?.description).toContain(heading)
    }
    expect(pages.filter((page) => page.show_in_menu)).toHaveLength(7)
    expect(pages.filter((page) => page.image_url).length).toBeGreaterThanOrEqual(5)

    // Portfolio: visible and hidden categories, artworks with 1–10 images and every statut.
    const categoryRows = await db.select().from(categories)
    expect(categoryRows.filter((c) => c.affichee).length).toBeGreaterThanOrEqual(4)
    const hiddenCategory = categoryRows.find((c) => c.nom === DEMO_HIDDEN_CATEGORY)
    expect(hiddenCategory?.affichee).toBe(false)
    const artworkRows = await db.select().from(oeuvres)
    expect(artworkRows.length).toBeGreaterThanOrEqual(12)
    expect(artworkRows.filter((a) => a.categorie_id === hiddenCategory?.id).length).toBeGreaterThan(0)
    const imageCounts = artworkRows.map((a) => artworkImageUrls(a).length)
    expect(Math.min(...imageCounts)).toBeGreaterThanOrEqual(1)
    expect(artworkRows.find((a) => a.nom === DEMO_GALLERY_ARTWORK)).toSatisfy(
      (a) => artworkImageUrls(a).length === 10,
    )
    expect(imageCounts.filter((n) => n >= 3 && n <= 5).length).toBeGreaterThanOrEqual(3)
    const statuts = artworkRows.map((a) => a.statut)
    expect(statuts.filter((s) => s === 'disponible').length).toBeGreaterThanOrEqual(3)
    expect(statuts).toEqual(expect.arrayContaining(['vendu', 'collection privée', 'me contacter']))
    for (const artwork of artworkRows.filter((a) => a.statut === 'disponible'))
      expect(artwork.prix).not.toBeNull()
    expect(artworkRows.filter((a) => a.tags.length >= 3).length).toBeGreaterThanOrEqual(2)
    const hiddenArtwork = artworkRows.find((a) => a.nom === DEMO_HIDDEN_ARTWORK)
    expect(hiddenArtwork?.affichee).toBe(false)
    expect(categoryRows.find((c) => c.id === hiddenArtwork?.categorie_id)?.affichee).toBe(true)
    expect(new Set(artworkRows.map((a) => a.categorie_id)).size).toBeGreaterThanOrEqual(5)

    // Articles: published and displayed ones of several types and months, two featured,
    // different reading times; a draft and a hidden one stored with their flags.
    const articleRows = await db.select().from(articles)
    const visible = articleRows.filter((a) => a.statut === 'publie' && a.affiche)
    expect(visible.length).toBeGreaterThanOrEqual(6)
    expect(new Set(visible.map((a) => a.type)).size).toBe(5)
    expect(
      new Set(visible.map((a) => a.date_publication?.toISOString().slice(0, 7))).size,
    ).toBeGreaterThanOrEqual(4)
    expect(visible.filter((a) => a.tags.includes(DEMO_FEATURED_TAG))).toHaveLength(2)
    expect(new Set(visible.map((a) => readingTimeMinutes(a.contenu))).size).toBeGreaterThanOrEqual(4)
    for (const article of articleRows) expect(isSlug(article.slug), article.slug).toBe(true)
    expect(visible.every((a) => a.image_url && a.extrait)).toBe(true)
    expect(articleRows.find((a) => a.slug === DEMO_DRAFT_ARTICLE_SLUG)).toMatchObject({ statut: 'brouillon' })
    expect(articleRows.find((a) => a.slug === DEMO_HIDDEN_ARTICLE_SLUG)).toMatchObject({
      statut: 'publie',
      affiche: false,
    })

    // Timeline: every type, over at least 4 years, some with images.
    const events = await db.select().from(evenements)
    expect(events.filter((e) => e.affiche).length).toBeGreaterThanOrEqual(8)
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(['exposition', 'prix', 'formation', 'collaboration', 'projet', 'autre']),
    )
    expect(new Set(events.map((e) => e.annee)).size).toBeGreaterThanOrEqual(4)
    for (const event of events) expect(event.annee).toBe(Number(event.date_evenement.slice(0, 4)))
    expect(events.filter((e) => e.image_url).length).toBeGreaterThanOrEqual(3)

    // Podcasts: 2 seasons, ≥ 5 episodes, one unpublished, allowlisted and non-allowlisted players.
    const seasons = await db.select().from(saisonsPodcast)
    expect(seasons).toHaveLength(2)
    const episodes = await db.select().from(episodesPodcast)
    expect(episodes.length).toBeGreaterThanOrEqual(5)
    expect(episodes.every((e) => seasons.some((s) => s.id === e.saison_id))).toBe(true)
    expect(episodes.find((e) => e.titre === DEMO_UNPUBLISHED_EPISODE)?.publie).toBe(false)
    expect(episodes.find((e) => e.titre === DEMO_SPOTIFY_EPISODE)?.code_player_html).toContain(
      'https://open.spotify.com/embed/episode/',
    )
    expect(episodes.find((e) => e.titre === DEMO_SANDBOXED_EPISODE)?.code_player_html).toContain('<script')
    expect(
      episodes.filter((e) => e.code_player_html?.includes('https://player.ausha.co/')).length,
    ).toBeGreaterThan(1)
    expect(episodes.some((e) => (e.transcription?.length ?? 0) > 2000)).toBe(true)

    // Studio: ≥ 10 photos of the four sizes, one hidden.
    const photos = await db.select().from(photosAtelier)
    expect(photos.length).toBeGreaterThanOrEqual(10)
    expect(new Set(photos.map((p) => p.taille))).toEqual(new Set(['small', 'medium', 'large', 'xlarge']))
    expect(photos.find((p) => p.nom === DEMO_HIDDEN_STUDIO_PHOTO)?.affichee).toBe(false)

    // Every image in the content is an ingested media whose variant files exist.
    const mediaRows = await db.select().from(medias)
    const byUrl = new Map(mediaRows.map((m) => [m.url, m]))
    const contentUrls = [
      ...pages.map((p) => p.image_url),
      ...categoryRows.map((c) => c.image_url),
      ...artworkRows.flatMap(artworkImageUrls),
      ...articleRows.map((a) => a.image_url),
      ...events.map((e) => e.image_url),
      ...seasons.map((s) => s.image_url),
      ...episodes.map((e) => e.image_url),
      ...photos.map((p) => p.image_url),
    ].filter((url): url is string => Boolean(url))
    const uploads = getStorage().localDir as string
    for (const url of new Set(contentUrls)) {
      const media = byUrl.get(url)
      expect(media, url).toBeDefined()
      for (const variant of media?.variantes ?? []) {
        expect(fs.existsSync(path.join(uploads, variant.url.replace(/^\/uploads\//, ''))), variant.url).toBe(
          true,
        )
      }
    }

    // Rich text is stored sanitized.
    for (const html of [
      ...pages.map((p) => p.description),
      ...articleRows.map((a) => a.contenu),
      ...artworkRows.map((a) => a.description),
      ...photos.map((p) => p.description),
    ]) {
      expect(html).toBe(sanitizeRichText(html ?? ''))
    }

    // A second call finds content and writes nothing.
    const before = await counts()
    expect(await seedDemoIfEmpty({ imageLongSide: 320 })).toBe(false)
    expect(await counts()).toEqual(before)
    // Some 80 images drawn and encoded for real (AVIF, WebP, a 1200×630 preview each): 12 s alone,
    // over 30 s while the other test files share the 2 cores. Same bound as the other demo seeds.
  }, 180_000)

  it('does nothing on a site that already has content, even a single setting', async () => {
    await getDb().insert(siteSettings).values({ setting_key: 'site_title', setting_value: 'Mon site' })

    expect(await seedDemoIfEmpty({ imageLongSide: 320 })).toBe(false)

    const after = await counts()
    expect(after).toEqual({ ...Object.fromEntries(CONTENT_TABLES.map((t) => [t, 0])), site_settings: 1 })
  })
})
