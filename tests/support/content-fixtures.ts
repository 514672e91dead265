import { getDb } from '#app/db/client.server'
import { articles, evenements, pagesConfig, photosAtelier } from '#app/db/schema'
import { readingTimeMinutes } from '#app/lib/format'
import type { PageName } from '#app/lib/pages'

type ArticleInsert = typeof articles.$inferInsert

/**
 * Inserts an article for a test. Defaults: published ('publie'), displayed, type 'article',
 * published on 2026-01-15 10:00 UTC, slug derived from the title.
 * @returns the stored row.
 */
export async function insertArticle(values: Partial<ArticleInsert> & { titre: string }) {
  const slug =
    values.slug ??
    values.titre
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  const contenu = values.contenu ?? '<p>Contenu</p>'
  const [row] = await getDb()
    .insert(articles)
    .values({
      statut: 'publie',
      affiche: true,
      date_publication: new Date('2026-01-15T10:00:00Z'),
      ...values,
      contenu,
      minutes_lecture: values.minutes_lecture ?? readingTimeMinutes(contenu),
      slug,
    })
    .returning()
  if (!row) throw new Error('article non inséré')
  return row
}

type EventInsert = typeof evenements.$inferInsert

/**
 * Inserts a career timeline event for a test. Defaults: dated 2020-01-01, `annee` the year of its
 * date, type 'projet', displayed, ordre 0.
 * @returns the stored row.
 */
export async function insertEvent(values: Partial<EventInsert> & { titre: string }) {
  const date_evenement = values.date_evenement ?? '2020-01-01'
  const [row] = await getDb()
    .insert(evenements)
    .values({ annee: Number(date_evenement.slice(0, 4)), ...values, date_evenement })
    .returning()
  if (!row) throw new Error('événement non inséré')
  return row
}

/**
 * Inserts a studio photo for a test. Defaults: image `/uploads/atelier/{nom in lower case, spaces
 * as hyphens}.webp`, size 'medium', displayed, ordre 0.
 * @returns the stored row.
 */
export async function insertPhoto(values: Partial<typeof photosAtelier.$inferInsert> & { nom: string }) {
  const [row] = await getDb()
    .insert(photosAtelier)
    .values({
      image_url: `/uploads/atelier/${values.nom.toLowerCase().replaceAll(' ', '-')}.webp`,
      ...values,
    })
    .returning()
  if (!row) throw new Error('photo non insérée')
  return row
}

/**
 * Configures a public page for a test (its pages_config row, as the back-office saves it).
 *
 * @param page_name - the page, e.g. 'atelier'.
 * @param values - the configured columns, e.g. `{ titre: 'Dans mon atelier' }`.
 */
export async function configurePage(
  page_name: PageName,
  values: Omit<typeof pagesConfig.$inferInsert, 'page_name'>,
): Promise<void> {
  await getDb()
    .insert(pagesConfig)
    .values({ page_name, ...values })
}

/**
 * The date `daysAgo` days before today in Paris (YYYY-MM-DD): a vues_articles day as the site's
 * time zone (the tests' SITE_TIMEZONE) writes it.
 */
export function parisDate(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  )
}
