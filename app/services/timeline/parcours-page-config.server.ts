import { eq } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { pagesConfig } from '#app/db/schema'
import type { ParcoursPageInput } from '#app/lib/admin/event-schema'
import { PAGE_DEFAULTS } from '#app/lib/pages'
import { sanitizeOptionalRichText } from '#app/lib/sanitize.server'
import { releaseMedia } from '#app/media/release-media.server'
import { PAGE_CONTENT_COLUMNS } from '#app/services/pages/get-page-content.server'

/** The parcours page configuration as the sub-form of /admin/evenements edits it. */
export type ParcoursPageConfig = {
  /** pages_config.id, or null while the row does not exist yet. */
  id: string | null
  titre: string
  /** Sanitized rich-text HTML, or null. */
  description: string | null
  image_url: string | null
  image_height: string | null
  image_width: string | null
}

/**
 * The 'parcours' row of pages_config (back-office spec §7 "select by page_name parcours (single;
 * missing row tolerated)"). When the row is absent, the page's defaults fill the form (title
 * 'Parcours') and `id` is null.
 */
export async function getParcoursPageConfig(executor: Executor = getDb()): Promise<ParcoursPageConfig> {
  const [row] = await executor
    .select({ id: pagesConfig.id, ...PAGE_CONTENT_COLUMNS })
    .from(pagesConfig)
    .where(eq(pagesConfig.page_name, 'parcours'))
    .limit(1)
  if (!row) {
    return {
      id: null,
      titre: PAGE_DEFAULTS.parcours.titre,
      description: null,
      image_url: null,
      image_height: null,
      image_width: null,
    }
  }
  return { ...row, titre: row.titre ?? PAGE_DEFAULTS.parcours.titre }
}

/**
 * Saves the parcours page configuration (back-office spec §2 "Timeline events" sub-form, §5
 * "Parcours page config: titre required", §7 "insert with page_name parcours when absent"): titre,
 * description (sanitized on write), image_url, image_height, image_width. A row created here
 * carries the page's menu name and URL but stays out of the menu (show_in_menu false) until the
 * page configuration screen puts it there, so saving a title never changes the header menu. A
 * replaced or removed banner file is deleted once no row uses it.
 *
 * @param input - the validated sub-form (parcoursPageSchema).
 */
export async function saveParcoursPageConfig(input: ParcoursPageInput): Promise<void> {
  const values = {
    titre: input.titre,
    description: sanitizeOptionalRichText(input.description),
    image_url: input.image_url,
    image_height: input.image_height,
    image_width: input.image_width,
  }
  const previousImage = await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ image_url: pagesConfig.image_url })
      .from(pagesConfig)
      .where(eq(pagesConfig.page_name, 'parcours'))
      .for('update')
    await tx
      .insert(pagesConfig)
      .values({
        page_name: 'parcours',
        menu_name: PAGE_DEFAULTS.parcours.menuName,
        page_url: PAGE_DEFAULTS.parcours.url,
        show_in_menu: false,
        ...values,
      })
      .onConflictDoUpdate({ target: pagesConfig.page_name, set: { ...values, modifie_le: new Date() } })
    return current?.image_url ?? null
  })
  if (previousImage && previousImage !== values.image_url) await releaseMedia([previousImage])
}
