import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, uuidKey } from './columns'

/**
 * One generated variant of an uploaded image: format, width and height in px, public URL. `jpeg`
 * is the 1200×630 link preview (issue #11 §2, app/media/social-image.server.ts), not a `srcset` entry.
 */
export type MediaVariant = {
  format: 'avif' | 'webp' | 'jpeg'
  width: number
  height: number
  url: string
  bytes: number
}

/**
 * An ingested image (issue #2 §4): the `url` is what content rows store in their *_url columns;
 * intrinsic size and variants let pages render `<picture>`/`srcset` with no layout shift.
 */
export const medias = pgTable('medias', {
  id: uuidKey(),
  url: text('url').notNull().unique(),
  dossier: text('dossier').notNull(),
  nom_original: text('nom_original'),
  mime: text('mime').notNull(),
  largeur: integer('largeur').notNull(),
  hauteur: integer('hauteur').notNull(),
  octets: integer('octets').notNull(),
  variantes: jsonb('variantes').$type<MediaVariant[]>().notNull(),
  cree_le: createdAt(),
})
