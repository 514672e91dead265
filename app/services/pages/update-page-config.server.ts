import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'
import type { PageConfigFormInput } from '#app/lib/admin/page-schema'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { notFound, refused } from '#app/lib/use-case-error'
import { releaseMedia } from '#app/media/release-media.server'

/** What the screen says when the page configuration it works on does not exist. */
export const PAGE_GONE = "Cette page n'existe pas."

/**
 * Saves one page's configuration (back-office spec §7 "pages_config: update by id (titre,
 * description, image_url, image_height, image_width, menu_name, show_in_menu, menu_order,
 * page_url)"). The description is sanitized (DESIGN.md §5); an empty one is stored as null. The
 * parcours page needs a title (spec §5). A replaced or removed banner is released after commit.
 *
 * @param input - the validated form, with the row's id.
 * @throws UseCaseError not-found (unknown id) or invalid (the parcours page without a title),
 *   nothing changed; unexpected database errors.
 */
export async function updatePageConfig(
  input: PageConfigFormInput,
  executor: Executor = getDb(),
): Promise<void> {
  const description = sanitizeOptionalRichText(input.description)
  let previousImage: string | null = null
  await executor.transaction(async (tx) => {
    const [existing] = await tx
      .select({ page_name: pagesConfig.page_name, image_url: pagesConfig.image_url })
      .from(pagesConfig)
      .where(eq(pagesConfig.id, input.id))
      .for('update')
    if (!existing) throw notFound(PAGE_GONE)
    if (existing.page_name === 'parcours' && !input.titre) {
      throw refused('Le titre est requis', { titre: ['Le titre est requis'] })
    }
    previousImage = existing.image_url
    await tx
      .update(pagesConfig)
      .set({
        titre: input.titre,
        description,
        image_url: input.image_url,
        image_height: input.image_height,
        image_width: input.image_width,
        menu_name: input.menu_name,
        show_in_menu: input.show_in_menu,
        menu_order: input.menu_order,
        page_url: input.page_url,
      })
      .where(eq(pagesConfig.id, input.id))
  })
  if (previousImage && previousImage !== input.image_url) await releaseMedia([previousImage])
}
