import { eq, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { encheres } from '#app/db/schema'
import { amountToCents, centsToAmount } from '#app/lib/auction-rules'

/** What a bid is first checked against ({@link readBiddingState}). */
export type BiddingState = {
  id: string
  statut: string
  date_debut: Date
  date_fin: Date
  /** The current price, cents. */
  prixCents: number
  /** Whether a validated bid made the price (else it is the start price). */
  hasBids: boolean
  /** The address of the best validated bid (null before the first bid). */
  leaderEmail: string | null
  /** That bidder's automatic-bid maximum as stored, cents (null: none); see {@link leadingMaximum}. */
  leaderMaxCents: number | null
}

/** The best validated bid's address, in SQL (tables named: drizzle leaves a single table's columns unqualified). */
const LEADER_EMAIL = sql`select m.participant_email from mises m where m.enchere_id = encheres.id and m.email_valide order by m.montant desc limit 1`

/**
 * The automatic-bid maximum a bidder's own page shows while it leads (issue #10 §3: "the leader
 * sees that their maximum is still ahead, on their own page only"): theirs when their address has
 * the best validated bid and the maximum is at or above the price. Never for another address.
 *
 * @param state - the auction as {@link readBiddingState} gives it; `email` - the credential's address.
 * @returns the maximum, euros ('180.00'), or null.
 */
export function leadingMaximum(state: BiddingState | null, email: string | null): string | null {
  if (!state || !email || state.leaderEmail !== email || state.leaderMaxCents === null) return null
  return state.leaderMaxCents >= state.prixCents ? centsToAmount(state.leaderMaxCents) : null
}

/**
 * The auction behind a private link as the database has it, in one statement (the row by its
 * unique link, the leader and their maximum from the valid bids' index): what a bid is first
 * checked against — an unknown link, a bid before the start, an amount under the minimum are
 * refused without going to the desk — and what the bid form shows. Never for accepting: that is
 * decided by the desk.
 *
 * @returns null when no auction has this link.
 */
export async function readBiddingState(lienPrive: string): Promise<BiddingState | null> {
  const [row] = await getDb()
    .select({
      id: encheres.id,
      statut: encheres.statut,
      date_debut: encheres.date_debut,
      date_fin: encheres.date_fin,
      prix_actuel: encheres.prix_actuel,
      leaderEmail: sql<string | null>`(${LEADER_EMAIL})`,
      leaderMax: sql<string | null>`(select mm.montant_max from mises_maximales mm
        where mm.enchere_id = encheres.id and mm.participant_email = (${LEADER_EMAIL}))`,
    })
    .from(encheres)
    .where(eq(encheres.lien_prive, lienPrive))
    .limit(1)
  if (!row) return null
  const { leaderMax, prix_actuel, ...read } = row
  return {
    ...read,
    prixCents: amountToCents(prix_actuel),
    hasBids: row.leaderEmail !== null,
    leaderMaxCents: leaderMax === null ? null : amountToCents(leaderMax),
  }
}
