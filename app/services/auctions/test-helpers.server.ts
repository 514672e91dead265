import { asc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { emailsSortants, encheres, mises, siteSettings, validationsEmail } from '#app/db/schema'
import { resetEnvForTests } from '#app/env.server'
import { hashValidationToken } from './validation-token.server'

type AuctionInsert = typeof encheres.$inferInsert

/**
 * Test helper: inserts an auction. Defaults: active, start price 100 €, started an hour before
 * `now`, ends an hour after it, link 'lien-prive-test'.
 * @returns the stored row.
 */
export async function createTestAuction(values: Partial<AuctionInsert> = {}, now = new Date()) {
  const [row] = await getDb()
    .insert(encheres)
    .values({
      nom: 'Vente privée',
      lien_prive: 'lien-prive-test',
      prix_depart: '100.00',
      prix_actuel: values.prix_depart ?? '100.00',
      date_debut: new Date(now.getTime() - 3_600_000),
      date_fin: new Date(now.getTime() + 3_600_000),
      statut: 'active',
      ...values,
    })
    .returning()
  if (!row) throw new Error('enchère non insérée')
  return row
}

/** Test helper: marks an address as validated for an auction (a consumed validation row). */
export async function validateTestEmail(enchereId: string, email: string): Promise<void> {
  await getDb()
    .insert(validationsEmail)
    .values({
      email,
      token: hashValidationToken(`jeton-${enchereId}-${email}-${Math.random()}`),
      enchere_id: enchereId,
      valide: true,
      expire_le: new Date(Date.now() + 86_400_000),
      utilise_le: new Date(),
    })
}

/** Test helper: sets one site setting. */
export async function setTestSetting(key: string, value: string): Promise<void> {
  await getDb().insert(siteSettings).values({ setting_key: key, setting_value: value })
}

/** Test helper: the outbox, oldest first. */
export function outboxRows() {
  return getDb().select().from(emailsSortants).orderBy(asc(emailsSortants.cree_le))
}

/** Test helper: an auction's bids, oldest first. */
export function bidRows(enchereId: string) {
  return getDb().select().from(mises).where(eq(mises.enchere_id, enchereId)).orderBy(asc(mises.cree_le))
}

/** Test helper: one auction row. */
export async function auctionRow(enchereId: string) {
  const [row] = await getDb().select().from(encheres).where(eq(encheres.id, enchereId))
  if (!row) throw new Error('enchère introuvable')
  return row
}

/** Test helper: sets CONTACT_EMAIL (the artist's address) for the next getEnv(); returns a restore function. */
export function useArtistEmail(address: string): () => void {
  const previous = process.env.CONTACT_EMAIL
  process.env.CONTACT_EMAIL = address
  resetEnvForTests()
  return () => {
    if (previous === undefined) delete process.env.CONTACT_EMAIL
    else process.env.CONTACT_EMAIL = previous
    resetEnvForTests()
  }
}

/** Test helper: a complete bid form for `email` and `montant` (euros). */
export function bidInput(lienPrive: string, email: string, montant: string | number, prenom = 'Marie') {
  return { lienPrive, prenom, nom: 'Curie', email, telephone: '06 12 34 56 78', montant }
}
