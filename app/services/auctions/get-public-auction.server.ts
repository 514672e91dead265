import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { encheres, mises, oeuvres } from '#app/db/schema'

/** Whether a URL segment can be a private auction link token (URL-safe, 8–128 characters). */
export function isAuctionLink(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{8,128}$/.test(value)
}

/**
 * The active auction behind a private link, with its artwork and e-mail-validated bids, highest
 * first (public spec §4 and §7: encheres by lien_prive and statut active; mises by enchere_id,
 * email_valide true, montant descending).
 *
 * @param lienPrive - the private link token from /enchere/{auctionLink}.
 * @returns null when no active auction has this link. Amounts are euros as numeric strings.
 */
export async function getPublicAuction(lienPrive: string) {
  const [auction] = await getDb()
    .select({
      id: encheres.id,
      nom: encheres.nom,
      description: encheres.description,
      prix_depart: encheres.prix_depart,
      prix_actuel: encheres.prix_actuel,
      date_debut: encheres.date_debut,
      date_fin: encheres.date_fin,
      statut: encheres.statut,
      oeuvre: {
        id: oeuvres.id,
        nom: oeuvres.nom,
        image1_url: oeuvres.image1_url,
        prix: oeuvres.prix,
        description: oeuvres.description,
      },
    })
    .from(encheres)
    .leftJoin(oeuvres, eq(oeuvres.id, encheres.oeuvre_id))
    .where(and(eq(encheres.lien_prive, lienPrive), eq(encheres.statut, 'active')))
    .limit(1)
  if (!auction) return null
  const bids = await getDb()
    .select({
      id: mises.id,
      montant: mises.montant,
      participant_prenom: mises.participant_prenom,
      cree_le: mises.cree_le,
    })
    .from(mises)
    .where(and(eq(mises.enchere_id, auction.id), eq(mises.email_valide, true)))
    .orderBy(desc(mises.montant), mises.cree_le)
  return { ...auction, bids }
}
