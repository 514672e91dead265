import { eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'
import { PAGE_DEFAULTS, type PageContent, type PageName } from '#app/lib/pages'
import { resolveImage } from '#app/media/resolve-images.server'
import { cachedSiteData } from '#app/services/site-data-cache.server'
import { getSocialImage } from '#app/services/social/get-social-image.server'

/**
 * A public page's banner, title and description from pages_config, with the page's defaults
 * (public spec §2–3), and its link preview (issue #11 §2: the banner's preview variant, else a
 * card with the title). Empty values fall back; the description is stored sanitized HTML.
 * Cached in memory until the next admin write (app/services/site-data-cache.server.ts).
 */
export function getPageContent(pageName: PageName): Promise<PageContent> {
  return cachedSiteData(`page:${pageName}`, () => readPageContent(pageName))
}

/** The columns of a page configuration that a public page shows (the back-office also reads `id`). */
export const PAGE_CONTENT_COLUMNS = {
  titre: pagesConfig.titre,
  description: pagesConfig.description,
  image_url: pagesConfig.image_url,
  image_height: pagesConfig.image_height,
  image_width: pagesConfig.image_width,
}

async function readPageContent(pageName: PageName): Promise<PageContent> {
  const defaults = PAGE_DEFAULTS[pageName]
  const [row] = await getDb()
    .select(PAGE_CONTENT_COLUMNS)
    .from(pagesConfig)
    .where(eq(pagesConfig.page_name, pageName))
    .limit(1)
  const cssSize = (value: string | null | undefined, fallback: string) =>
    value && /^\d+(?:\.\d+)?(?:px|rem|em|vh|vw|%)$/.test(value.trim()) ? value.trim() : fallback
  const titre = row?.titre?.trim() || defaults.titre
  const [image, social] = await Promise.all([
    resolveImage(row?.image_url),
    getSocialImage({ imageUrl: row?.image_url, title: titre }),
  ])
  return {
    titre,
    description: row?.description?.trim() || defaults.description,
    image,
    imageHeight: cssSize(row?.image_height, defaults.imageHeight),
    imageWidth: cssSize(row?.image_width, defaults.imageWidth),
    social,
  }
}
