import { type SQL, sql } from 'drizzle-orm'

/** One column of content rows that stores image URLs, with the rows where it does. */
type ImageColumn = { table: string; column: string; where?: SQL }

const ARTWORK_IMAGES = Array.from({ length: 10 }, (_, index) => `image${index + 1}_url`)

/**
 * Every place a content row stores an image URL (back-office spec §3). A file is in use while one
 * of these holds its URL.
 */
export const IMAGE_COLUMNS: readonly ImageColumn[] = [
  { table: 'categories', column: 'image_url' },
  ...ARTWORK_IMAGES.map((column) => ({ table: 'oeuvres', column })),
  { table: 'articles', column: 'image_url' },
  // A previous version of an article keeps its image, so restoring it brings the image back.
  { table: 'revisions_articles', column: 'image_url' },
  { table: 'pages_config', column: 'image_url' },
  { table: 'evenements', column: 'image_url' },
  { table: 'saisons_podcast', column: 'image_url' },
  { table: 'episodes_podcast', column: 'image_url' },
  { table: 'photos_atelier', column: 'image_url' },
  { table: 'site_settings', column: 'setting_value', where: sql`setting_key = 'site_title_image'` },
]

/** A query of one column `url`: every image URL a content row holds (nulls included). */
export function referencedImageUrls(): SQL {
  return sql.join(
    IMAGE_COLUMNS.map(
      ({ table, column, where }) =>
        sql`select ${sql.identifier(column)} as url from ${sql.identifier(table)}${where ? sql` where ${where}` : sql``}`,
    ),
    sql` union all `,
  )
}
