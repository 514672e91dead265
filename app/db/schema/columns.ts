import { boolean, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Column groups several tables share, so each table states only what is its own. Each is a
 * function: a column builder belongs to one table, so every table gets fresh ones (Drizzle's way of
 * sharing columns: spread the group into the table's columns).
 */

/** `id`: the row's UUID, made by the database. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom()

/** A point in time with its time zone (every timestamp of the schema), e.g. `instant('date_fin')`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true })

/** `cree_le`: when the row was written. */
export const createdAt = () => instant('cree_le').notNull().defaultNow()

/** `modifie_le`: when the row last changed (set again by every Drizzle update). */
export const updatedAt = () =>
  instant('modifie_le')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

/**
 * A row the public site shows in the back-office's order: `affichee` (shown unless hidden),
 * `ordre` (ascending, 0 by default) and `cree_le` (back-office spec §3: categories, artworks,
 * podcast seasons, studio photos).
 */
export const shownInOrder = () => ({
  affichee: boolean('affichee').notNull().default(true),
  ordre: integer('ordre').notNull().default(0),
  cree_le: createdAt(),
})

/**
 * A group of works the public site lists, each with its name, description and cover image, shown
 * in order (back-office spec §3: a portfolio category groups artworks, a podcast season episodes).
 */
export const groupColumns = () => ({
  id: uuidKey(),
  nom: text('nom').notNull(),
  description: text('description'),
  image_url: text('image_url'),
  ...shownInOrder(),
})
