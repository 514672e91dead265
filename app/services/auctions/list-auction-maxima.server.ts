import { asc, desc, eq, sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { encheres, misesMaximales } from '#app/db/schema'
import { amountToCents } from '#app/lib/auction-rules'

/**
 * Where an automatic-bid maximum stands: 'active' while it can still bid for its bidder (the
 * auction runs, they lead and the maximum is at or above the price — the rule of the bidder's own
 * notice, `findLeadingMaximum`); 'exhausted' once outbid or passed by the price; 'ended' once the
 * auction is over.
 */
export type AutomaticMaximumState = 'active' | 'exhausted' | 'ended'

/** One row of 'Enchères automatiques' on /admin/encheres: the bidder in full, for the artist only. */
export type AdminAutomaticMaximum = {
  id: string
  participant_prenom: string
  participant_nom: string
  participant_email: string
  /** The maximum, euros ('300.00'). */
  montant_max: string
  /** When the bidder last left a maximum on this auction. */
  modifie_le: Date
  state: AutomaticMaximumState
}

/**
 * The automatic-bid maxima left on one auction, for the back-office only (issue #10 §4: "the
 * back-office auction screen shows … the automatic-bid maxima (admin only)"; decision 016: maxima
 * never reach a public page nor the live stream). Read in one statement with the auction's price,
 * statut and leader (the best validated bid's address), so every row's state agrees with the others.
 *
 * @param enchereId - the auction's UUID.
 * @param db - the database or a transaction (default: the site's database).
 * @returns the maxima, highest first (equal ones: the earlier set first); [] without any.
 * @throws the database error.
 */
export async function listAuctionMaxima(
  enchereId: string,
  db: Executor = getDb(),
): Promise<AdminAutomaticMaximum[]> {
  const rows = await db
    .select({
      id: misesMaximales.id,
      participant_prenom: misesMaximales.participant_prenom,
      participant_nom: misesMaximales.participant_nom,
      participant_email: misesMaximales.participant_email,
      montant_max: misesMaximales.montant_max,
      modifie_le: misesMaximales.modifie_le,
      statut: encheres.statut,
      prix_actuel: encheres.prix_actuel,
      // Table names written out: the outer query's columns are not to be confused with these.
      leader: sql<
        string | null
      >`(select m.participant_email from mises m where m.enchere_id = ${enchereId} and m.email_valide order by m.montant desc, m.cree_le asc limit 1)`,
    })
    .from(misesMaximales)
    .innerJoin(encheres, eq(encheres.id, misesMaximales.enchere_id))
    .where(eq(misesMaximales.enchere_id, enchereId))
    .orderBy(desc(misesMaximales.montant_max), asc(misesMaximales.modifie_le), asc(misesMaximales.id))
  return rows.map(({ statut, prix_actuel, leader, ...row }) => ({
    ...row,
    state:
      statut !== 'active'
        ? 'ended'
        : row.participant_email === leader && amountToCents(row.montant_max) >= amountToCents(prix_actuel)
          ? 'active'
          : 'exhausted',
  }))
}
