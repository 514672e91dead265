import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#app/db/client.server'
import { articles, categories, episodesPodcast, oeuvres } from '#app/db/schema'
import {
  DEMO_DRAFT_ARTICLE_SLUG,
  DEMO_HIDDEN_ARTICLE_SLUG,
  DEMO_HIDDEN_ARTWORK,
  DEMO_HIDDEN_CATEGORY,
  DEMO_UNPUBLISHED_EPISODE,
} from '#app/db/seed/demo-data'
import { seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { loader as articleLoader } from '#app/routes/blog-article'
import { loader as episodeLoader } from '#app/routes/podcast-episode'
import { loader as artworkLoader } from '#app/routes/portfolio-artwork'
import { loader as categoryLoader } from '#app/routes/portfolio-category'

type AnyLoader = (args: never) => Promise<unknown>

/** Calls a route loader as React Router would and returns the HTTP status it answers. */
async function statusOf(loader: AnyLoader, path: string, params: Record<string, string>): Promise<number> {
  const result = (await loader({
    request: new Request(`http://localhost${path}`),
    params,
    context: { cspNonce: 'n', clientIp: '127.0.0.1' },
  } as never)) as { init?: { status?: number } } | null
  return result && typeof result === 'object' && 'init' in result ? (result.init?.status ?? 200) : 200
}

describe('demo content visibility by URL (issue #2 §8)', () => {
  it('answers the fallback with 404 for every hidden, draft or unpublished item of the seed', async () => {
    // Seeded inside the test: the setup empties every table before each test.
    expect(await seedDemoIfEmpty({ imageLongSide: 320 })).toBe(true)
    const db = getDb()
    const [hiddenCategory] = await db
      .select()
      .from(categories)
      .where(eq(categories.nom, DEMO_HIDDEN_CATEGORY))
    const [hiddenArtwork] = await db.select().from(oeuvres).where(eq(oeuvres.nom, DEMO_HIDDEN_ARTWORK))
    const [artworkInHiddenCategory] = await db
      .select()
      .from(oeuvres)
      .where(and(eq(oeuvres.categorie_id, hiddenCategory?.id ?? ''), eq(oeuvres.affichee, true)))
    const [unpublishedEpisode] = await db
      .select()
      .from(episodesPodcast)
      .where(eq(episodesPodcast.titre, DEMO_UNPUBLISHED_EPISODE))
    const [visibleArticle] = await db
      .select()
      .from(articles)
      .where(and(eq(articles.statut, 'publie'), eq(articles.affiche, true)))

    // The seed really holds these rows with their flags: the 404s below come from the rules.
    expect(hiddenCategory?.affichee).toBe(false)
    expect(hiddenArtwork?.affichee).toBe(false)
    expect(artworkInHiddenCategory).toBeDefined()
    expect(unpublishedEpisode?.publie).toBe(false)

    const category = hiddenCategory?.id ?? ''
    const artwork = hiddenArtwork?.id ?? ''
    const inHidden = artworkInHiddenCategory?.id ?? ''
    const episode = unpublishedEpisode?.id ?? ''
    expect(await statusOf(categoryLoader, `/portfolio/categorie/${category}`, { categoryId: category })).toBe(
      404,
    )
    expect(await statusOf(artworkLoader, `/portfolio/oeuvre/${artwork}`, { artworkId: artwork })).toBe(404)
    expect(await statusOf(artworkLoader, `/portfolio/oeuvre/${inHidden}`, { artworkId: inHidden })).toBe(404)
    expect(await statusOf(episodeLoader, `/podcasts/episode/${episode}`, { episodeId: episode })).toBe(404)
    for (const slug of [DEMO_DRAFT_ARTICLE_SLUG, DEMO_HIDDEN_ARTICLE_SLUG]) {
      expect(await statusOf(articleLoader, `/blog/${slug}`, { slug })).toBe(404)
    }
    // …while a public article of the same seed answers 200.
    const slug = visibleArticle?.slug ?? ''
    expect(await statusOf(articleLoader, `/blog/${slug}`, { slug })).toBe(200)
  }, 180_000)
})
