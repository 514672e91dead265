import { randomUUID } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { type Executor, queryRows, type Transaction } from '#app/db/client.server'
import { encheres, mises, misesMaximales } from '#app/db/schema'
import {
  amountToCents,
  type BidWindow,
  bidWindow,
  centsToAmount,
  softCloseExtension,
} from '#app/lib/auction-rules'
import { type ProxyBidder, resolveProxyBid } from '#app/lib/proxy-bidding'
import { type OutgoingEmail, outboxRow } from '#app/services/mail/enqueue-email.server'
import { countQueuedEmails } from '#app/services/mail/outbox.server'
import { prepareBidNotificationEmail, prepareOutbidEmail } from './auction-emails.server'
import { AUCTION_EVENTS_CHANNEL, type AuctionEvent, auctionEventPayloads } from './auction-events.server'
import type { BidSetup } from './bid-setup.server'

/**
 * An auction as the bid rules need it: its row (with `version`, raised by every update of the
 * row, drizzle/0012) and its validated bids' count and leader. Read under the lock
 * ({@link lockAuction}) or remembered by the bid desk; {@link decideBids} updates it in place.
 */
export type LockedAuction = {
  id: string
  statut: (typeof encheres.$inferSelect)['statut']
  date_debut: Date
  date_fin: Date
  date_fin_initiale: Date | null
  /** Euros ('130.00'). */
  prix_actuel: string
  /** The reserve price, euros, or null (eBay's rule: a maximum reaching it takes the price to it). */
  prix_reserve: string | null
  /** The row's version when it was read or last written (drizzle/0012: each write gives a new one). */
  version: number
  /** Validated bids so far. */
  nombreMises: number
  /** The best validated bid's bidder and their maximum (cents, ≥ the price; issue #36 §1), or null. */
  leader: (ProxyBidder & { maxCents: number }) | null
}

/**
 * Locks an auction row for the rest of the transaction (DESIGN.md §6): every bid acceptance
 * decided under the lock, address validation and closing of this auction takes this lock first,
 * so they run one after the other. The bid count, the leader and the leader's automatic-bid
 * maximum (issue #10 §3) are read after the lock is held, in one statement.
 *
 * @returns the locked row with its bid count and leader, or undefined when the auction does not exist.
 */
export async function lockAuction(tx: Transaction, enchereId: string): Promise<LockedAuction | undefined> {
  const [row] = await tx
    .select({
      id: encheres.id,
      statut: encheres.statut,
      date_debut: encheres.date_debut,
      date_fin: encheres.date_fin,
      date_fin_initiale: encheres.date_fin_initiale,
      prix_actuel: encheres.prix_actuel,
      prix_reserve: encheres.prix_reserve,
      version: encheres.version,
    })
    .from(encheres)
    .where(eq(encheres.id, enchereId))
    .for('update')
  if (!row) return undefined
  const validated = and(eq(mises.enchere_id, enchereId), eq(mises.email_valide, true))
  // The best validated bid with its bidder's maximum, and the count beside it (no row before the first bid).
  const [best] = await tx
    .select({
      email: mises.participant_email,
      nom: mises.participant_nom,
      prenom: mises.participant_prenom,
      max: misesMaximales.montant_max,
      n: sql<number>`(select count(*)::int from ${mises} where ${validated})`,
    })
    .from(mises)
    .leftJoin(
      misesMaximales,
      and(
        eq(misesMaximales.enchere_id, mises.enchere_id),
        eq(misesMaximales.participant_email, mises.participant_email),
      ),
    )
    .where(validated)
    .orderBy(desc(mises.montant))
    .limit(1)
  const storedMax = best?.max ? amountToCents(best.max) : null
  return {
    ...row,
    nombreMises: Number(best?.n ?? 0),
    leader: best ? { ...best, maxCents: Math.max(amountToCents(row.prix_actuel), storedMax ?? 0) } : null,
  }
}

/** A bid to decide: a new one, or a stored pending one (`miseId`) whose address was just validated. */
export type BidCandidate = {
  miseId?: string
  email: string
  nom: string
  prenom: string
  /** The most the bidder would pay (cents, issue #36 §1): the site bids for them up to it. */
  maxCents: number
  /** The server's clock for this bid: the rules' time and the stored bid time. */
  now: Date
}

/** A bid row stored while settling a candidate (its own, or an automatic bid it caused). */
export type StoredBid = { miseId: string; email: string; montant: string }

/**
 * The auction as a candidate left it (issue #36 §1: its bidder's form is drawn from it): what the
 * candidate was measured against when it stored nothing, else after its rows.
 */
export type AfterCandidate = {
  /** The price, euros ('130.00'). */
  prixActuel: string
  /** Validated bids of the auction. */
  nombreMises: number
  /** The auction's end (extended by the soft close or not). */
  dateFin: Date
  /** The best validated bid's address and its bidder's maximum (cents, ≥ the price), or null. */
  leader: { email: string; maxCents: number } | null
  /** Every row stored for the candidate, in order (its own and automatic ones). */
  stored: StoredBid[]
}

export type AcceptOutcome = AfterCandidate &
  (
    | {
        accepted: true
        /** The candidate's own bid row. */
        miseId: string
        /** The candidate's bid, euros ('130.00'): its amount, or what its automatic bid reached. */
        montant: string
        /** Whether it leads once the automatic bids have answered (issue #10 §3). */
        isLeading: boolean
      }
    | {
        accepted: false
        /**
         * 'outbid': an earlier automatic bid's equal maximum answered (rows in `stored`), the
         * candidate stored nothing; 'raised': the leader's maximum was raised, the price did not
         * move (issue #36 §1); 'not-above-maximum': the leader's new maximum is not above the one
         * they left.
         */
        reason: Exclude<BidWindow, 'open'> | 'too-low' | 'outbid' | 'raised' | 'not-above-maximum'
      }
  )

/** What a decided batch writes ({@link writeBids}); null when it changes nothing. */
export type BatchWrite = {
  /** New validated bid rows (amounts in euros; `automatique`: placed by the site for a bidder's maximum). */
  inserted: Array<{
    id: string
    email: string
    nom: string
    prenom: string
    montant: string
    cree_le: Date
    automatique: boolean
  }>
  /** Stored pending bids now accepted, at the amount their maximum reached (euros). */
  validated: Array<{ miseId: string; now: Date; montant: string }>
  /** Bidders' maxima to keep (raised, never lowered), euros. */
  maxima: Array<{ email: string; nom: string; prenom: string; montant_max: string; modifie_le: Date }>
  emails: OutgoingEmail[]
  events: AuctionEvent[]
}

/** `auction` as a candidate that stored `stored` left it (see {@link AfterCandidate}). */
const leftBy = ({ leader, ...auction }: LockedAuction, stored: StoredBid[]): AfterCandidate => ({
  prixActuel: auction.prix_actuel,
  nombreMises: auction.nombreMises,
  dateFin: auction.date_fin,
  leader: leader && { email: leader.email, maxCents: leader.maxCents },
  stored,
})

/**
 * Decides bids, in order, on `auction` — locked, or as the bid desk remembers it — each as if
 * alone (issue #4 §4, issue #10 §2, issue #36 §1): the auction must take bids at the candidate's
 * `now` ({@link bidWindow}) and the candidate's maximum is resolved by eBay's rule
 * ({@link resolveProxyBid}: it must reach the minimum the candidates before it left; the leader
 * raising their maximum moves no price). Each resulting row is a bid like any other — validated,
 * counted, broadcast, the soft close applied ({@link softCloseExtension}), the artist's notice
 * queued when the setup asks for each bid — and each bidder who led during the candidate and no
 * longer does gets the outbid notice. In memory: `auction` is updated in place.
 *
 * @returns one outcome per candidate, in order, and the write ({@link writeBids}; null when
 *   nothing changes).
 */
export async function decideBids(
  auction: LockedAuction,
  candidates: BidCandidate[],
  setup: BidSetup,
): Promise<{ outcomes: AcceptOutcome[]; write: BatchWrite | null }> {
  const outcomes: AcceptOutcome[] = []
  const write: BatchWrite = { inserted: [], validated: [], maxima: [], emails: [], events: [] }
  for (const candidate of candidates) {
    const { now } = candidate
    const window = bidWindow(auction, now)
    const resolution =
      window === 'open'
        ? resolveProxyBid(
            { ...lockedPrice(auction), leader: auction.leader, reserveCents: reserveOf(auction) },
            candidate,
            setup.increments,
          )
        : null
    if (resolution?.status !== 'resolved') {
      outcomes.push({
        accepted: false,
        reason: resolution?.status ?? (window as Exclude<BidWindow, 'open'>),
        ...leftBy(auction, []),
      })
      continue
    }
    const kept = write.maxima.find((maximum) => maximum.email === candidate.email)
    const montant_max = centsToAmount(Math.max(candidate.maxCents, amountToCents(kept?.montant_max ?? '0')))
    write.maxima = write.maxima.filter((maximum) => maximum !== kept)
    write.maxima.push({ ...candidate, montant_max, modifie_le: now })
    const leaders = new Set(auction.leader ? [auction.leader.email] : [])
    const stored: StoredBid[] = []
    let own: StoredBid | null = null
    for (const row of resolution.rows) {
      const montant = centsToAmount(row.cents)
      const miseId = row.isEntry && candidate.miseId ? candidate.miseId : randomUUID()
      if (row.isEntry && candidate.miseId) write.validated.push({ miseId, now, montant })
      else write.inserted.push({ ...row, id: miseId, montant, cree_le: now, automatique: !row.isEntry })
      Object.assign(auction, softCloseExtension(auction, now, setup.softCloseMinutes) ?? {})
      auction.prix_actuel = montant
      auction.nombreMises++
      leaders.add(row.email)
      const bid = { miseId, email: row.email, montant }
      stored.push(bid)
      if (row.isEntry) own = bid
      write.events.push({
        type: 'bid',
        enchereId: auction.id,
        prixActuel: montant,
        nombreMises: auction.nombreMises,
        dateFin: auction.date_fin.toISOString(),
        // Only the bidder's first name leaves the server.
        mise: { id: miseId, prenom: row.prenom, montant, creeLe: now.toISOString() },
      })
      if (setup.artistEmail) {
        const notice = prepareBidNotificationEmail(setup.context, {
          ...row,
          amount: montant,
          placedAt: now,
        })
        write.emails.push({ ...notice, destinataire: setup.artistEmail })
      }
    }
    auction.leader = resolution.state.leader
    leaders.delete(auction.leader?.email ?? '')
    for (const outbid of leaders) {
      write.emails.push({
        ...prepareOutbidEmail(setup.context, auction.prix_actuel),
        destinataire: outbid,
      })
    }
    const after = leftBy(auction, stored)
    outcomes.push(
      own
        ? {
            accepted: true,
            miseId: own.miseId,
            montant: own.montant,
            isLeading: auction.leader?.email === candidate.email,
            ...after,
          }
        : { accepted: false, reason: stored.length > 0 ? 'outbid' : 'raised', ...after },
    )
  }
  const changes = write.events.length + write.maxima.length
  return { outcomes, write: changes > 0 ? write : null }
}

/**
 * Writes a decided batch in ONE statement with fixed text (issue #34 §1: arrays bound as
 * parameters, `unnest`), guarded by the row's version: the auction row's update takes its lock and
 * changes it only when its version is still `version`; every other write of the batch (new bids,
 * validated pending bids, maxima raised never lowered, the outbox's e-mails, the `pg_notify` of
 * each event for the other instances) happens only with it. Run in autocommit by the bid desk, or
 * in the caller's transaction under the lock (where the guard always holds).
 *
 * @param executor - the database (autocommit) or the transaction holding the auction's lock.
 * @param auction - the auction as the batch leaves it ({@link decideBids}); `version`, the one the
 *   batch was decided on.
 * @returns the row's new version, or null when the row had another version (nothing was written).
 * @throws the database error, or when a pending bid to validate was already settled (in a
 *   transaction: it rolls back).
 */
export async function writeBids(
  executor: Executor,
  auction: LockedAuction,
  version: number,
  write: BatchWrite,
): Promise<number | null> {
  const { inserted, validated, maxima, emails } = write
  const column = <T, V>(rows: T[], pick: (row: T) => V) => sql.param(rows.map(pick))
  const outbox = emails.map(outboxRow)
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value))
  const [row] = await queryRows<{ version: number | null; validees: number }>(
    executor,
    sql`with enchere as (
      update encheres set prix_actuel = ${auction.prix_actuel}::numeric, date_fin = ${auction.date_fin.toISOString()}::timestamptz,
        date_fin_initiale = ${auction.date_fin_initiale?.toISOString() ?? null}::timestamptz, modifie_le = now()
      where id = ${auction.id} and version = ${version} returning version
    ), nouvelles as (
      insert into mises (id, enchere_id, participant_email, participant_nom, participant_prenom, montant, email_valide, cree_le, automatique)
      select b.id, ${auction.id}, b.email, b.nom, b.prenom, b.montant, true, b.cree_le, b.automatique
      from enchere, unnest(${column(inserted, (bid) => bid.id)}::uuid[], ${column(inserted, (bid) => bid.email)}::text[],
        ${column(inserted, (bid) => bid.nom)}::text[], ${column(inserted, (bid) => bid.prenom)}::text[],
        ${column(inserted, (bid) => bid.montant)}::numeric[], ${column(inserted, (bid) => bid.cree_le.toISOString())}::timestamptz[],
        ${column(inserted, (bid) => bid.automatique)}::boolean[]) as b(id, email, nom, prenom, montant, cree_le, automatique)
    ), validees as (
      update mises set email_valide = true, cree_le = v.cree_le, montant = v.montant
      from enchere, unnest(${column(validated, (bid) => bid.miseId)}::uuid[], ${column(validated, (bid) => bid.now.toISOString())}::timestamptz[],
        ${column(validated, (bid) => bid.montant)}::numeric[]) as v(id, cree_le, montant)
      where mises.id = v.id and not mises.email_valide returning mises.id
    ), maxima as (
      insert into mises_maximales (enchere_id, participant_email, participant_nom, participant_prenom, montant_max, modifie_le)
      select ${auction.id}, m.email, m.nom, m.prenom, m.montant_max, m.modifie_le
      from enchere, unnest(${column(maxima, (max) => max.email)}::text[], ${column(maxima, (max) => max.nom)}::text[],
        ${column(maxima, (max) => max.prenom)}::text[], ${column(maxima, (max) => max.montant_max)}::numeric[],
        ${column(maxima, (max) => max.modifie_le.toISOString())}::timestamptz[]) as m(email, nom, prenom, montant_max, modifie_le)
      on conflict (enchere_id, participant_email) do update set
        montant_max = greatest(mises_maximales.montant_max, excluded.montant_max),
        participant_nom = excluded.participant_nom, participant_prenom = excluded.participant_prenom,
        -- The date says when the maximum was raised: a lower one left later changes nothing.
        modifie_le = case when excluded.montant_max > mises_maximales.montant_max then excluded.modifie_le else mises_maximales.modifie_le end
    ), courriels as (
      insert into emails_sortants (modele, destinataire, sujet, html, texte, reponse_a, donnees, entetes)
      select c.modele, c.destinataire, c.sujet, c.html, c.texte, c.reponse_a, c.donnees, c.entetes
      from enchere, unnest(${column(outbox, (email) => email.modele)}::text[], ${column(outbox, (email) => email.destinataire)}::text[],
        ${column(outbox, (email) => email.sujet)}::text[], ${column(outbox, (email) => email.html)}::text[],
        ${column(outbox, (email) => email.texte)}::text[], ${column(outbox, (email) => email.reponse_a)}::text[],
        ${column(outbox, (email) => json(email.donnees))}::jsonb[], ${column(outbox, (email) => json(email.entetes))}::jsonb[])
        as c(modele, destinataire, sujet, html, texte, reponse_a, donnees, entetes)
    )
    select (select version from enchere) as version, (select count(*)::int from validees) as validees,
      (select count(pg_notify(${AUCTION_EVENTS_CHANNEL}, n)) from enchere, unnest(${sql.param(auctionEventPayloads(write.events))}::text[]) as n) as notices`,
  )
  if (row?.version === null || row?.version === undefined) return null
  if (Number(row.validees) !== validated.length) throw new Error("La mise n'a pas pu être enregistrée.")
  countQueuedEmails(emails.length)
  return Number(row.version)
}

/**
 * Decides and writes bids on an auction locked by {@link lockAuction}, in the caller's transaction
 * ({@link decideBids}, {@link writeBids}); `auction` is updated in place, its `version` included.
 *
 * @returns one outcome per candidate, in order, and the events to deliver locally after the commit
 *   ({@link deliverAuctionEvents}).
 * @throws the database error (the caller's transaction rolls back), or when a pending bid was
 *   already settled.
 */
export async function acceptBidsLocked(
  tx: Transaction,
  auction: LockedAuction,
  candidates: BidCandidate[],
  setup: BidSetup,
): Promise<{ outcomes: AcceptOutcome[]; events: AuctionEvent[] }> {
  const { outcomes, write } = await decideBids(auction, candidates, setup)
  if (!write) return { outcomes, events: [] }
  const version = await writeBids(tx, auction, auction.version, write)
  if (version === null) throw new Error("L'enchère verrouillée a changé.")
  auction.version = version
  return { outcomes, events: write.events }
}

const reserveOf = (auction: LockedAuction) =>
  auction.prix_reserve ? amountToCents(auction.prix_reserve) : null

/** An auction's price as the bid rules read it ({@link minimumBidCents}). */
export function lockedPrice(auction: Pick<LockedAuction, 'prix_actuel' | 'nombreMises'>) {
  return { prixCents: amountToCents(auction.prix_actuel), hasBids: auction.nombreMises > 0 }
}
