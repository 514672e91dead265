import { randomUUID } from 'node:crypto'
import { and, desc, eq, type Placeholder, type Query, type SQL, sql } from 'drizzle-orm'
import { PgDialect, type PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { Transaction } from '#app/db/client.server'
import { encheres, mises, misesMaximales } from '#app/db/schema'
import {
  amountToCents,
  BID_INCREMENTS_SETTING_KEY,
  type BidIncrementStep,
  type BidWindow,
  bidWindow,
  centsToAmount,
  parseSoftCloseMinutes,
  readBidIncrements,
  SOFT_CLOSE_SETTING_KEY,
  softCloseExtension,
} from '#app/lib/auction-rules'
import { type ProxyBidder, resolveProxyBid } from '#app/lib/proxy-bidding'
import { findContactRecipient } from '#app/services/contact/send-contact-message.server'
import {
  type OutboxRow,
  type OutgoingEmail,
  outboxInsert,
  outboxRow,
} from '#app/services/mail/enqueue-email.server'
import { countQueuedEmails } from '#app/services/mail/outbox.server'
import { getSiteSettings } from '#app/services/settings/get-site-settings.server'
import { cachedSiteData, isSiteDataCacheEnabled } from '#app/services/site-data-cache.server'
import {
  type AuctionEmailContext,
  loadAuctionEmailContext,
  prepareBidNotificationEmail,
  prepareOutbidEmail,
} from './auction-emails.server'
import { type AuctionEvent, auctionEventNotices, auctionEventPayloads } from './auction-events.server'

/**
 * The auction as read under its lock ({@link lockAuction}); {@link acceptBidsLocked} updates it in
 * place as it accepts bids.
 */
export type LockedAuction = {
  id: string
  statut: (typeof encheres.$inferSelect)['statut']
  date_debut: Date
  date_fin: Date
  date_fin_initiale: Date | null
  /** Euros ('130.00'). */
  prix_actuel: string
  /** Validated bids so far. */
  nombreMises: number
  /**
   * The best validated bid's bidder and their automatic-bid maximum (cents; the price when they
   * left none, or a spent one): the only maximum that can still bid (issue #10 §3). Null before
   * the first bid.
   */
  leader: (ProxyBidder & { maxCents: number }) | null
  /**
   * The leader's automatic-bid maximum as stored (mises_maximales), cents; null when they left
   * none while leading (one left before, when someone else led, is spent: at or under the price).
   * What the leader's own page shows (issue #10 §3), without a query.
   */
  leaderStoredMaxCents: number | null
  /**
   * Set when the auction was not read under its lock but taken from this process's memory
   * ({@link rememberedAuction}): the row as this process left it. The batch's write then takes
   * the lock itself and fails ({@link isStaleAuctionError}) unless the row still holds these.
   */
  expected?: Pick<LockedAuction, 'prix_actuel' | 'statut' | 'date_fin'> & { modifie_le: Date }
}

/**
 * What this process last knew of each auction, by id: the row as locked or as its last write left
 * it, with its validated bids' count and leader, and the row's modifie_le at that moment (ms).
 * Every change to the bids rewrites the row — an accepted bid raises the price, a stored one sets
 * modifie_le — so while the row still shows both, the bids are still these, whichever instance
 * wrote last (see {@link lockAuction}). Only states with at least one bid are kept: the first bid
 * may be made at the start price, leaving the price as it was.
 */
const knownAuctions = new Map<string, { auction: LockedAuction; modifieLe: number }>()

/** A copy of an auction's state that later changes to `auction` leave alone. */
const copyAuction = ({ expected: _, ...auction }: LockedAuction): LockedAuction => ({
  ...auction,
  leader: auction.leader && { ...auction.leader },
})

function rememberAuction(
  auction: LockedAuction,
  modifie_le: Date,
  options: { ifNewer?: boolean } = {},
): void {
  // Two batches of this process may commit one after the other while their answers are read in
  // the other order: the later state stays.
  const known = knownAuctions.get(auction.id)
  if (options.ifNewer && known && known.modifieLe > modifie_le.getTime()) return
  if (auction.nombreMises === 0 || !auction.leader) {
    knownAuctions.delete(auction.id)
    return
  }
  knownAuctions.set(auction.id, { auction: copyAuction(auction), modifieLe: modifie_le.getTime() })
}

/**
 * The auction as this process's last write left it (or its last read under the lock), for the
 * bid desk to decide a batch before holding the lock (issue #10 §2): the batch's write then takes
 * the lock itself and checks the row was left as remembered ({@link LockedAuction}.expected) —
 * on PostgreSQL, one round trip for the batch instead of two. Not kept before the first bid, nor
 * with the site data cache off (tests that write bids directly).
 *
 * @param enchereId - the auction's id.
 * @returns a copy to settle on, with `expected` set; undefined when unknown.
 */
export function rememberedAuction(enchereId: string): LockedAuction | undefined {
  const known = isSiteDataCacheEnabled() ? knownAuctions.get(enchereId) : undefined
  return known && expecting(known.auction, new Date(known.modifieLe))
}

/** A copy of `auction` to settle on before holding the lock, expecting the row as `auction` and `modifie_le` say. */
function expecting(auction: LockedAuction, modifie_le: Date): LockedAuction {
  const copy = copyAuction(auction)
  const { prix_actuel, statut, date_fin } = copy
  return { ...copy, expected: { modifie_le, prix_actuel, statut, date_fin } }
}

/**
 * Whether a batch's write failed because the auction changed since {@link rememberedAuction}
 * (PostgreSQL's serialization_failure, 40001, raised by the write's check): the transaction rolled
 * back and the batch may be settled again under the lock.
 */
export function isStaleAuctionError(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '40001') return true
  }
  return false
}

/**
 * Locks an auction row for the rest of the transaction (DESIGN.md §6): every bid acceptance,
 * address validation and closing of this auction takes this lock first, so they run one after
 * the other and each sees the state the previous one committed. The bid count, the leader and
 * the leader's automatic-bid maximum (issue #10 §3) are read after the lock is held (a statement
 * that waited for the lock would otherwise see the state before the transaction it waited for),
 * in one statement — or not at all when the locked row still shows the price and modifie_le this
 * process saw with them (issue #10 §2: in a bidding war, the lock is then one statement; the
 * count would otherwise read every bid at each batch). Tests that write bids directly turn the
 * site data cache off, and with it this memory.
 *
 * @returns the locked row with its bid count and leader, or undefined when the auction does not exist.
 */
export async function lockAuction(tx: Transaction, enchereId: string): Promise<LockedAuction | undefined> {
  const [locked] = await tx
    .select({
      id: encheres.id,
      statut: encheres.statut,
      date_debut: encheres.date_debut,
      date_fin: encheres.date_fin,
      date_fin_initiale: encheres.date_fin_initiale,
      prix_actuel: encheres.prix_actuel,
      modifie_le: encheres.modifie_le,
    })
    .from(encheres)
    .where(eq(encheres.id, enchereId))
    .for('update')
  if (!locked) return undefined
  const { modifie_le, ...row } = locked
  const prixCents = amountToCents(row.prix_actuel)
  const known = isSiteDataCacheEnabled() ? knownAuctions.get(enchereId) : undefined
  if (
    known &&
    amountToCents(known.auction.prix_actuel) === prixCents &&
    known.modifieLe === modifie_le.getTime()
  ) {
    const { nombreMises, leader, leaderStoredMaxCents } = copyAuction(known.auction)
    return { ...row, nombreMises, leader, leaderStoredMaxCents }
  }
  const validated = and(eq(mises.enchere_id, enchereId), eq(mises.email_valide, true))
  // One statement: the best validated bid with its bidder's maximum, and the count beside it (no
  // row at all before the first bid).
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
  const leader = best
    ? {
        email: best.email,
        nom: best.nom,
        prenom: best.prenom,
        maxCents: Math.max(prixCents, best.max ? amountToCents(best.max) : 0),
      }
    : null
  const bids = {
    nombreMises: Number(best?.n ?? 0),
    leader,
    leaderStoredMaxCents: best?.max ? amountToCents(best.max) : null,
  }
  const auction = { ...row, ...bids }
  rememberAuction(auction, modifie_le)
  return auction
}

/** A bid to accept: a new one, or a stored pending one (`miseId`) whose address was just validated. */
export type BidCandidate = {
  miseId?: string
  email: string
  nom: string
  prenom: string
  amountCents: number
  /** The maximum left for automatic bids (cents, issue #10 §3), absent without one. */
  maxCents?: number | null
  /** The server's clock for this bid: the rules' time and the stored bid time. */
  now: Date
}

/** A bid row stored while settling a candidate (its own, or an automatic bid it caused). */
export type StoredBid = { miseId: string; email: string; montant: string }

export type AcceptOutcome =
  | {
      accepted: true
      /** The candidate's own bid row. */
      miseId: string
      /** The candidate's bid, euros ('130.00'): its amount, or what its automatic bid reached. */
      montant: string
      /** Whether it leads once the automatic bids have answered (issue #10 §3). */
      isLeading: boolean
      /** The auction's price after the candidate, euros. */
      prixActuel: string
      /** Acceptance time (the bid's cree_le). */
      creeLe: Date
      /** The auction's end after this bid (extended by the soft close or not). */
      dateFin: Date
      /** Validated bids of the auction after the candidate's rows. */
      nombreMises: number
      /** Address of the best validated bid before this one, null when this is the first. */
      previousLeaderEmail: string | null
      /** Every row stored for the candidate, in order (its own and automatic ones). */
      stored: StoredBid[]
    }
  | {
      accepted: false
      /**
       * 'outbid': an earlier automatic bid's maximum equals the candidate's — it answered (rows in
       * `stored`) and the candidate stored nothing.
       */
      reason: Exclude<BidWindow, 'open'> | 'too-low' | 'outbid'
      /** The price the bid was measured against (after, for 'outbid'), euros ('130.00'), and the validated bids then. */
      prixActuel: string
      nombreMises: number
      stored: StoredBid[]
    }

/** What accepting bids needs besides the lock, read before the transaction ({@link loadBidSetup}). */
export type BidSetup = {
  /** The soft-close window, minutes (`enchere_prolongation_minutes`). */
  softCloseMinutes: number
  /** The increment table (setting `enchere_paliers`, issue #10 §3). */
  increments: BidIncrementStep[]
  /** Who gets the notice of each accepted bid (the contact address), null when nobody. */
  artistEmail: string | null
  context: AuctionEmailContext
}

/**
 * Reads what {@link acceptBidsLocked} needs for an auction: the soft-close setting, the artist's
 * address and the e-mails' context, through the site data cache (cleared by every back-office
 * write), so a bid costs no query for them. Call it before opening the transaction.
 *
 * @returns null when the auction does not exist.
 */
export async function loadBidSetup(enchereId: string): Promise<BidSetup | null> {
  const [context, settings, artistEmail] = await Promise.all([
    cachedSiteData(`auction-email-context:${enchereId}`, () => loadAuctionEmailContext(enchereId)),
    getSiteSettings(),
    cachedSiteData('contact-recipient', findContactRecipient),
  ])
  if (!context) return null
  return {
    softCloseMinutes: parseSoftCloseMinutes(settings[SOFT_CLOSE_SETTING_KEY]),
    increments: bidIncrementsOf(settings),
    artistEmail,
    context,
  }
}

const bidIncrementsOf = (settings: Record<string, string>) =>
  readBidIncrements(settings[BID_INCREMENTS_SETTING_KEY])

/**
 * The increment table of the site's settings (setting `enchere_paliers`, issue #10 §3), through
 * the site data cache (cleared by every back-office write).
 *
 * @returns the brackets, cents ({@link readBidIncrements}: the default table when unset).
 */
export async function loadBidIncrements(): Promise<BidIncrementStep[]> {
  return bidIncrementsOf(await getSiteSettings())
}

/**
 * Accepts bids, in order, on an auction locked by {@link lockAuction} — or remembered by this
 * process ({@link rememberedAuction}), whose lock the write then takes, checking the row was not
 * changed meanwhile (issue #4 §4, issue #10 §2–3) — or says why not, each as if alone: the auction must take bids at the candidate's `now`
 * ({@link bidWindow}) and the amount must reach the minimum left by the candidates before it —
 * the price + its increment, the start price before any bid ({@link minimumBidCents}; an equal
 * later bid loses: the earlier one wins). Then the leader's automatic-bid maximum answers per
 * eBay's rule ({@link resolveProxyBid}), all in memory: each resulting row, the candidate's or an
 * automatic one, is a bid like any other — stored with email_valide = true and cree_le = the
 * candidate's `now`, counted, broadcast, the soft close applied ({@link softCloseExtension}), the
 * artist's notice queued — and each bidder who led during the candidate and no longer does gets
 * the outbid notice. A candidate's maximum is kept (raised, never lowered) in mises_maximales.
 * In the caller's transaction, in a few statements whatever the number of candidates; the other
 * instances are told ({@link notifyAuctionEvents}). `auction` is updated in place.
 *
 * The batch's write is the transaction's last statement and is not waited for here (`written`):
 * the caller commits, then awaits it — on PostgreSQL the commit goes out with the write, one round
 * trip (decision 029). It rejects when the write failed; the commit was then a rollback. With
 * stored bids to validate, it is awaited before returning.
 *
 * @returns one outcome per candidate, in order, the events to deliver locally after the commit
 *   ({@link deliverAuctionEvents}), `written`, the write to await after the commit, and `leaves`,
 *   the auction as that write leaves it, for a next batch decided before this one commits (with
 *   `expected` set; undefined when the write does not rewrite the row, or the cache is off).
 * @throws the database error (the caller's transaction rolls back), or when a pending bid was
 *   already settled; `written` rejects with {@link isStaleAuctionError} when a remembered auction
 *   had changed (nothing written).
 */
export async function acceptBidsLocked(
  tx: Transaction,
  auction: LockedAuction,
  candidates: BidCandidate[],
  setup: BidSetup,
): Promise<{
  outcomes: AcceptOutcome[]
  events: AuctionEvent[]
  written: Promise<void>
  leaves: LockedAuction | undefined
}> {
  const outcomes: AcceptOutcome[] = []
  const inserted: Array<typeof mises.$inferInsert> = []
  const validated: Array<{ miseId: string; now: Date }> = []
  const maxima = new Map<string, typeof misesMaximales.$inferInsert>()
  const emails: OutgoingEmail[] = []
  const events: AuctionEvent[] = []
  let changed: Partial<typeof encheres.$inferInsert> | null = null
  for (const candidate of candidates) {
    const { now } = candidate
    const window = bidWindow(auction, now)
    const refusal = { prixActuel: auction.prix_actuel, nombreMises: auction.nombreMises, stored: [] }
    if (window !== 'open') {
      outcomes.push({ accepted: false, reason: window, ...refusal })
      continue
    }
    const resolution = resolveProxyBid(
      { ...lockedPrice(auction), leader: auction.leader },
      { ...candidate, maxCents: candidate.maxCents ?? null },
      setup.increments,
    )
    if (resolution.status === 'too-low') {
      outcomes.push({ accepted: false, reason: 'too-low', ...refusal })
      continue
    }
    if (candidate.maxCents) {
      const known = maxima.get(candidate.email)
      const montant_max = centsToAmount(
        Math.max(candidate.maxCents, amountToCents(known?.montant_max ?? '0')),
      )
      maxima.set(candidate.email, {
        enchere_id: auction.id,
        participant_email: candidate.email,
        participant_nom: candidate.nom,
        participant_prenom: candidate.prenom,
        montant_max,
        modifie_le: now,
      })
    }
    const previousLeaderEmail = auction.leader?.email ?? null
    const leaders = new Set(previousLeaderEmail ? [previousLeaderEmail] : [])
    const stored: StoredBid[] = []
    let own: StoredBid | null = null
    for (const row of resolution.rows) {
      const montant = centsToAmount(row.cents)
      const miseId = row.isEntry && candidate.miseId ? candidate.miseId : randomUUID()
      if (row.isEntry && candidate.miseId) validated.push({ miseId, now })
      else {
        inserted.push({
          id: miseId,
          enchere_id: auction.id,
          participant_email: row.email,
          participant_nom: row.nom,
          participant_prenom: row.prenom,
          montant,
          email_valide: true,
          cree_le: now,
        })
      }
      const extension = softCloseExtension(auction, now, setup.softCloseMinutes)
      changed = { ...(changed ?? {}), prix_actuel: montant, ...(extension ?? {}) }
      if (extension) {
        auction.date_fin = extension.date_fin
        auction.date_fin_initiale = extension.date_fin_initiale
      }
      auction.prix_actuel = montant
      auction.nombreMises++
      leaders.add(row.email)
      const bid = { miseId, email: row.email, montant }
      stored.push(bid)
      if (row.isEntry) own = bid
      events.push(acceptedBidEvent(auction, bid, row.prenom, now))
      if (setup.artistEmail) {
        const notice = await prepareBidNotificationEmail(setup.context, {
          ...row,
          amount: montant,
          placedAt: now,
        })
        emails.push({ ...notice, destinataire: setup.artistEmail })
      }
    }
    auction.leader = resolution.state.leader
    // A new leader's stored maximum is the one it left now, if any: an older one is spent.
    if (auction.leader?.email !== previousLeaderEmail) auction.leaderStoredMaxCents = null
    const raised = maxima.get(candidate.email)
    if (raised && auction.leader?.email === candidate.email) {
      auction.leaderStoredMaxCents = Math.max(
        auction.leaderStoredMaxCents ?? 0,
        amountToCents(raised.montant_max),
      )
    }
    leaders.delete(auction.leader?.email ?? '')
    for (const outbid of leaders) {
      emails.push({ ...(await prepareOutbidEmail(setup.context, auction.prix_actuel)), destinataire: outbid })
    }
    const after = { prixActuel: auction.prix_actuel, nombreMises: auction.nombreMises, stored }
    outcomes.push(
      own
        ? {
            accepted: true,
            miseId: own.miseId,
            montant: own.montant,
            isLeading: auction.leader?.email === candidate.email,
            creeLe: now,
            dateFin: auction.date_fin,
            previousLeaderEmail,
            ...after,
          }
        : { accepted: false, reason: 'outbid', ...after },
    )
  }
  // The row's new modifie_le, written so that this process can recognise the state it leaves
  // (lockAuction, rememberedAuction); a rollback leaves the row without it, and the memory unused.
  const modifie_le = new Date()
  const rewritesRow = changed !== null || auction.expected !== undefined
  const leaves = rewritesRow && isSiteDataCacheEnabled() ? expecting(auction, modifie_le) : undefined
  const written = writeSettledBids(tx, auction, modifie_le, {
    inserted,
    validated,
    maxima: [...maxima.values()],
    changed,
    emails,
    events,
  })
  // Validating stored bids checks, before the commit, that none was settled meanwhile.
  if (validated.length > 0) await written
  else written.catch(() => undefined)
  return { outcomes, events, written, leaves }
}

/** A row whose values may be placeholders of a statement's template. */
type Held<T> = { [K in keyof T]: T[K] | Placeholder }

/** What one batch writes ({@link writeSettledBids}); any value may be a placeholder of its template. */
type SettledWrites = {
  inserted: Array<typeof mises.$inferInsert>
  validated: Array<{ miseId: string | Placeholder; cree_le: string | Placeholder }>
  maxima: Array<typeof misesMaximales.$inferInsert>
  changed: Record<string, unknown> | null
  /** The auction row as the batch was decided on it, when decided from memory (see {@link LockedAuction}). */
  expected: Held<NonNullable<LockedAuction['expected']>> | undefined
  emails: OutboxRow[]
  /** The `pg_notify` payloads of the batch's events (none on PGlite). */
  notices: Array<string | Placeholder>
}

/**
 * A batch's writes with every value replaced by a placeholder (named by its place), and the values
 * by name: the statement's text depends only on what is left — the batch's shape — and is built
 * once per shape ({@link writeSettledBids}).
 */
function parameterize(writes: SettledWrites): {
  shape: string
  template: SettledWrites
  values: Record<string, unknown>
} {
  const values: Record<string, unknown> = {}
  const hold = (name: string, value: unknown): Placeholder => {
    values[name] = value
    return sql.placeholder(name)
  }
  const holdAll = <T extends object>(prefix: string, row: T) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, hold(`${prefix}${key}`, value)])) as T
  const template: SettledWrites = {
    inserted: writes.inserted.map((row, index) => holdAll(`i${index}_`, row)),
    validated: writes.validated.map((row, index) => holdAll(`v${index}_`, row)),
    maxima: writes.maxima.map((row, index) => holdAll(`m${index}_`, row)),
    changed: writes.changed && holdAll('c_', writes.changed),
    expected: writes.expected && holdAll('x_', writes.expected),
    emails: writes.emails.map((row, index) => holdAll(`e${index}_`, row)),
    notices: writes.notices.map((payload, index) => hold(`n${index}`, payload)),
  }
  const keys = (rows: object[]) => rows.map((row) => Object.keys(row).join(',')).join(';')
  const shape = [
    keys(writes.inserted),
    writes.validated.length,
    keys(writes.maxima),
    writes.changed ? Object.keys(writes.changed).join(',') : '-',
    writes.expected ? Object.keys(writes.expected).join(',') : '-',
    keys(writes.emails),
    writes.notices.length,
  ].join('|')
  return { shape, template, values }
}

/**
 * The batch write's statement: data-modifying CTEs insert the new bids, validate the pending ones,
 * keep the maxima (raised, never lowered), update the auction row (its new modifie_le, remembered
 * for {@link lockAuction}), queue the e-mails, and the main query selects the `pg_notify` of each
 * event. Null when nothing changes.
 */
function buildWrite(tx: Transaction, auctionId: string | Placeholder, writes: SettledWrites): SQL | null {
  const { inserted, validated, maxima, changed, expected, emails, notices } = writes
  // Each write is embedded as its SQL (`getSQL()`): a query builder would be put in parentheses,
  // which PostgreSQL refuses around a CTE's insert or update.
  const parts: SQL[] = []
  if (inserted.length > 0) parts.push(sql`nouvelles as (${tx.insert(mises).values(inserted).getSQL()})`)
  if (validated.length > 0) {
    const rows = validated.map(({ miseId, cree_le }) => sql`(${miseId}::uuid, ${cree_le}::timestamptz)`)
    parts.push(
      sql`validees as (update ${mises} set email_valide = true, cree_le = v.cree_le
        from (values ${sql.join(rows, sql`, `)}) as v(id, cree_le)
        where ${mises.id} = v.id and not ${mises.email_valide} returning ${mises.id})`,
    )
  }
  if (maxima.length > 0) {
    const upsert = tx
      .insert(misesMaximales)
      .values(maxima)
      .onConflictDoUpdate({
        target: [misesMaximales.enchere_id, misesMaximales.participant_email],
        set: {
          montant_max: sql`greatest(${misesMaximales.montant_max}, excluded.montant_max)`,
          participant_nom: sql`excluded.participant_nom`,
          participant_prenom: sql`excluded.participant_prenom`,
          // The date says when the maximum was raised: a lower one left later changes nothing.
          modifie_le: sql`case when excluded.montant_max > ${misesMaximales.montant_max} then excluded.modifie_le else ${misesMaximales.modifie_le} end`,
        },
      })
    parts.push(sql`maxima as (${upsert.getSQL()})`)
  }
  if (changed) {
    // Decided from memory: this update takes the lock, and changes the row only if it is still as
    // this process left it (another instance, the closing job or an admin may have written since).
    const row = expected
      ? and(
          eq(encheres.id, auctionId),
          eq(encheres.modifie_le, expected.modifie_le),
          eq(encheres.prix_actuel, expected.prix_actuel),
          eq(encheres.statut, expected.statut),
          eq(encheres.date_fin, expected.date_fin),
        )
      : eq(encheres.id, auctionId)
    const update = tx.update(encheres).set(changed).where(row).returning({ id: encheres.id })
    parts.push(sql`enchere as (${update.getSQL()})`)
  }
  if (emails.length > 0) parts.push(sql`courriels as (${outboxInsert(tx, emails).getSQL()})`)
  if (parts.length === 0) return null
  // The check fails the whole statement (40001): nothing of the batch is written (drizzle/0007).
  const check = expected ? sql`, encre_exiger_enchere_inchangee(exists (select 1 from enchere))` : sql``
  const notified = auctionEventNotices(notices)
  return sql`with ${sql.join(parts, sql`, `)}
      select ${validated.length > 0 ? sql`(select count(*)::int from validees)` : sql`0`} as validees
      ${check}${notified.length > 0 ? sql`, ${sql.join(notified, sql`, `)}` : sql``}`
}

/** The dialect both engines share, to turn a statement's template into its text once. */
const dialect = new PgDialect()
/**
 * The batch write's text and parameters (placeholders) by shape ({@link parameterize}), and the
 * name PostgreSQL prepares it under (never given to another text: a connection keeps its prepared
 * statements).
 */
const writeStatements = new Map<string, { query: Query; name: string }>()
/** Shapes kept: a bidding war has a handful (one bid, a bid and its automatic answer, …). */
const WRITE_STATEMENTS_KEPT = 64
/** Statements named so far. */
let writeStatementsNamed = 0

/**
 * Writes what {@link acceptBidsLocked} decided, in ONE statement (issue #10 §2: on PostgreSQL each
 * statement is a round trip, made while holding the auction's lock; see {@link buildWrite}).
 * Nothing is written when nothing changed. The statement's text is built once per shape of batch
 * and its values bound to it (building it took 4 % of the web process's thread in a bidding war);
 * on PostgreSQL it is also prepared once per connection (a named statement, parsed and planned once).
 *
 * @throws when a pending bid was already settled (the transaction rolls back), or the database error.
 */
async function writeSettledBids(
  tx: Transaction,
  auction: LockedAuction,
  modifie_le: Date,
  batch: {
    inserted: Array<typeof mises.$inferInsert>
    validated: Array<{ miseId: string; now: Date }>
    maxima: Array<typeof misesMaximales.$inferInsert>
    changed: Partial<typeof encheres.$inferInsert> | null
    emails: OutgoingEmail[]
    events: AuctionEvent[]
  },
): Promise<void> {
  const { inserted, validated, maxima, changed, emails, events } = batch
  const { expected } = auction
  const rewritesRow = changed !== null || expected !== undefined
  const { shape, template, values } = parameterize({
    inserted,
    validated: validated.map(({ miseId, now }) => ({ miseId, cree_le: now.toISOString() })),
    maxima,
    changed: rewritesRow ? { ...changed, modifie_le } : null,
    expected,
    emails: emails.map(outboxRow),
    notices: auctionEventPayloads(events),
  })
  values.auction = auction.id
  let statement = writeStatements.get(shape)
  if (!statement) {
    const built = buildWrite(tx, sql.placeholder('auction'), template)
    if (!built) return
    statement = { query: dialect.sqlToQuery(built), name: `encre_lot_de_mises_${++writeStatementsNamed}` }
    if (writeStatements.size >= WRITE_STATEMENTS_KEPT) {
      writeStatements.delete(writeStatements.keys().next().value as string)
    }
    writeStatements.set(shape, statement)
  }
  const prepared = tx._.session.prepareQuery<
    PreparedQueryConfig & { execute: { rows: Array<{ validees: number }> } }
  >(statement.query, undefined, statement.name, false)
  const result = await prepared.execute(values).catch((error: unknown) => {
    if (expected) knownAuctions.delete(auction.id)
    throw error
  })
  const [row] = result.rows
  if (Number(row?.validees ?? 0) !== validated.length) throw new Error("La mise n'a pas pu être enregistrée.")
  countQueuedEmails(emails.length)
  if (rewritesRow) rememberAuction(auction, modifie_le, { ifNewer: true })
}

/** A locked auction's price as the bid rules read it ({@link minimumBidCents}). */
export function lockedPrice(auction: Pick<LockedAuction, 'prix_actuel' | 'nombreMises'>) {
  return { prixCents: amountToCents(auction.prix_actuel), hasBids: auction.nombreMises > 0 }
}

/** The 'bid' event of an accepted bid row: only the bidder's first name leaves the server. */
function acceptedBidEvent(auction: LockedAuction, bid: StoredBid, prenom: string, now: Date): AuctionEvent {
  return {
    type: 'bid',
    enchereId: auction.id,
    prixActuel: bid.montant,
    nombreMises: auction.nombreMises,
    dateFin: auction.date_fin.toISOString(),
    mise: { id: bid.miseId, prenom, montant: bid.montant, creeLe: now.toISOString() },
  }
}
