import { getDb } from '#app/db/client.server'
import { articles, encheres } from '#app/db/schema'

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
  const [row] = await getDb()
    .insert(articles)
    .values({
      contenu: '<p>Contenu</p>',
      statut: 'publie',
      affiche: true,
      date_publication: new Date('2026-01-15T10:00:00Z'),
      ...values,
      slug,
    })
    .returning()
  if (!row) throw new Error('article non inséré')
  return row
}

type AuctionInsert = typeof encheres.$inferInsert

/** Inserts an auction for a test (defaults: active, started an hour ago, ends in a day). @returns the row. */
export async function insertAuction(values: Partial<AuctionInsert> & { nom: string; lien_prive: string }) {
  const now = Date.now()
  const [row] = await getDb()
    .insert(encheres)
    .values({
      prix_depart: '100.00',
      prix_actuel: '100.00',
      date_debut: new Date(now - 3_600_000),
      date_fin: new Date(now + 86_400_000),
      statut: 'active',
      ...values,
    })
    .returning()
  if (!row) throw new Error('enchère non insérée')
  return row
}
