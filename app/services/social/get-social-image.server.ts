import { isSerifFont, resolveAppearance } from '#app/lib/appearance'
import type { SocialImage } from '#app/lib/images'
import { logger } from '#app/logger.server'
import { ensureSocialCard, SOCIAL_IMAGE_SIZE, socialVariantOf } from '#app/media/social-image.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'

/**
 * The image a link previewer shows for a page (issue #11 §2; decision 023): the 1200×630 JPEG
 * variant of the page's main image, made at ingest (or now, once, for an image ingested before
 * previews existed); without an image of the pipeline (none, or an external address), a card
 * with the page's title on the site's colours (footer background, button colour, title font),
 * made on first use and kept.
 *
 * @param input.imageUrl - the page's main image as stored in its row, or null.
 * @param input.title - the page's title: the card's text, and the image's alt text.
 * @param input.alt - the image's alt text when it is not the title (an artwork's name…).
 * @returns URL (relative to the site for local storage), 1200 × 630 px, alt text; null when the
 *   image could not be made (logged: a preview never fails the page).
 */
export async function getSocialImage(input: {
  imageUrl?: string | null
  title: string
  alt?: string
}): Promise<SocialImage | null> {
  try {
    const variant = input.imageUrl ? await socialVariantOf(input.imageUrl) : null
    if (variant) return { url: variant.url, ...SOCIAL_IMAGE_SIZE, alt: input.alt ?? input.title }
    const appearance = resolveAppearance(await getSiteSettings())
    const url = await ensureSocialCard({
      title: input.title,
      siteTitle: appearance.siteTitle,
      background: appearance.footerBgColor,
      accent: appearance.buttonColor,
      font: appearance.titleFont,
      isSerif: isSerifFont(appearance.titleFont),
    })
    return { url, ...SOCIAL_IMAGE_SIZE, alt: input.title }
  } catch (error) {
    logger.error({ err: error, title: input.title }, "Erreur lors de la création de l'image de partage")
    return null
  }
}
