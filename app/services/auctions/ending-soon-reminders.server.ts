import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import { type Executor, getDb, type Transaction } from '#app/db/client.server'
import { encheres, mises, rappelsEnchere } from '#app/db/schema'
import { enqueueEmails, type OutgoingEmail } from '#app/services/mail/enqueue-email.server'
import { type AuctionEmailContext, activeAuctionEnd, prepareEndingSoonEmail } from './auction-emails.server'
import { isAuctionLink } from './get-public-auction.server'
import { createValidationToken, hashValidationToken, isValidationTokenShape } from './validation-token.server'

/** How long before an auction's real end the reminders leave, in ms (issue #10 §4). */
export const REMINDER_LEADS_MS = { oneHour: 60 * 60_000, tenMinutes: 10 * 60_000 } as const

/**
 * The active auctions whose reminders may be due at `now` (ending within the hour, not ended):
 * read before the schedule's transaction, so their e-mail contexts can be loaded outside it.
 *
 * @returns their ids.
 */
export async function findAuctionsEndingSoon(now: Date, db: Executor = getDb()): Promise<string[]> {
  const rows = await db
    .select({ id: encheres.id })
    .from(encheres)
    .where(
      and(
        eq(encheres.statut, 'active'),
        gt(encheres.date_fin, now),
        lte(encheres.date_fin, new Date(now.getTime() + REMINDER_LEADS_MS.oneHour)),
      ),
    )
  return rows.map((row) => row.id)
}

/**
 * Queues the ending-soon reminders of one auction that are due at `now` (issue #10 §4), in the
 * schedule's transaction (run under its advisory lock by runAuctionSchedule). Both follow the
 * auction's real end, read here (a soft-close extension moves them):
 * - from 1 hour before the end until 10 minutes before it, each validated bidder (an address with
 *   an e-mail-validated bid) not yet reminded gets the 1-hour e-mail, whose link asks for the
 *   10-minute one; the `rappels_enchere` row (insert … on conflict do nothing) is written with it,
 *   so an address gets it once whatever the runs and instances;
 * - from 10 minutes before the end, each bidder who asked gets the 10-minute e-mail, once (the
 *   conditional update of `dix_minutes_envoye_le`).
 * Nothing is sent for an auction no longer active or already ended.
 *
 * @param context - the auction's e-mail context, loaded before the transaction.
 * @param now - the schedule's clock.
 * @returns how many e-mails were queued.
 * @throws the database or rendering error (the schedule's transaction then rolls back).
 */
export async function queueEndingSoonReminders(
  tx: Transaction,
  context: AuctionEmailContext,
  now: Date,
): Promise<number> {
  const endsAt = await activeAuctionEnd(tx, context.enchereId, now)
  if (!endsAt) return 0
  const remainingMs = endsAt.getTime() - now.getTime()
  const timing = { endsAt, now }
  const emails: OutgoingEmail[] = []

  if (remainingMs <= REMINDER_LEADS_MS.oneHour && remainingMs > REMINDER_LEADS_MS.tenMinutes) {
    const bidders = await tx
      .selectDistinct({ email: mises.participant_email })
      .from(mises)
      .where(
        and(
          eq(mises.enchere_id, context.enchereId),
          eq(mises.email_valide, true),
          sql`not exists (select 1 from ${rappelsEnchere} where ${rappelsEnchere.enchere_id} = ${context.enchereId} and ${rappelsEnchere.email} = ${mises.participant_email})`,
        ),
      )
    if (bidders.length > 0) {
      const tokens = new Map(bidders.map(({ email }) => [email, createValidationToken()]))
      const inserted = await tx
        .insert(rappelsEnchere)
        .values(
          [...tokens].map(([email, { hash }]) => ({ enchere_id: context.enchereId, email, jeton: hash })),
        )
        .onConflictDoNothing({ target: [rappelsEnchere.enchere_id, rappelsEnchere.email] })
        .returning({ email: rappelsEnchere.email })
      for (const { email } of inserted) {
        const token = tokens.get(email)?.token
        emails.push({ ...(await prepareEndingSoonEmail(context, timing, token)), destinataire: email })
      }
    }
  }

  if (remainingMs <= REMINDER_LEADS_MS.tenMinutes) {
    const asked = await tx
      .update(rappelsEnchere)
      .set({ dix_minutes_envoye_le: now })
      .where(
        and(
          eq(rappelsEnchere.enchere_id, context.enchereId),
          eq(rappelsEnchere.dix_minutes, true),
          isNull(rappelsEnchere.dix_minutes_envoye_le),
        ),
      )
      .returning({ email: rappelsEnchere.email })
    if (asked.length > 0) {
      const prepared = await prepareEndingSoonEmail(context, timing)
      for (const { email } of asked) emails.push({ ...prepared, destinataire: email })
    }
  }
  await enqueueEmails(tx, emails)
  return emails.length
}

/** The instants the schedule must wake for reminders, as SQL over an active auction's `date_fin`. */
export const REMINDER_DEADLINES_SQL = sql`select date_fin - make_interval(secs => ${REMINDER_LEADS_MS.oneHour / 1000}) as t from encheres where statut = 'active'
  union all select date_fin - make_interval(secs => ${REMINDER_LEADS_MS.tenMinutes / 1000}) from encheres where statut = 'active'`

/** What the 10-minute request link finds (issue #10 §4). */
export type TenMinuteReminderState =
  | { status: 'ready' | 'already'; auctionName: string }
  | { status: 'invalid' }

async function readReminder(
  token: unknown,
  lienPrive: string,
  now: Date,
): Promise<{ state: TenMinuteReminderState; id?: string }> {
  if (typeof token !== 'string' || !isValidationTokenShape(token) || !isAuctionLink(lienPrive))
    return { state: { status: 'invalid' } }
  const [row] = await getDb()
    .select({ id: rappelsEnchere.id, dix_minutes: rappelsEnchere.dix_minutes, nom: encheres.nom })
    .from(rappelsEnchere)
    .innerJoin(encheres, eq(encheres.id, rappelsEnchere.enchere_id))
    .where(
      and(
        eq(rappelsEnchere.jeton, hashValidationToken(token)),
        eq(encheres.lien_prive, lienPrive),
        eq(encheres.statut, 'active'),
        gt(encheres.date_fin, now),
      ),
    )
    .limit(1)
  if (!row) return { state: { status: 'invalid' } }
  return { state: { status: row.dix_minutes ? 'already' : 'ready', auctionName: row.nom }, id: row.id }
}

/**
 * Reads the link of a 1-hour reminder asking for the 10-minute one, changing nothing (mail
 * scanners open links; the page's button posts).
 *
 * @param token - the `jeton` query parameter, anything; `lienPrive` - the URL's auction link.
 * @returns 'ready' or 'already' (asked before) with the auction's name, or 'invalid' (malformed,
 *   unknown, another auction's, or the auction is over).
 */
export async function peekTenMinuteReminder(
  token: unknown,
  lienPrive: string,
  options: { now?: Date } = {},
): Promise<TenMinuteReminderState> {
  return (await readReminder(token, lienPrive, options.now ?? new Date())).state
}

/**
 * Records a bidder's request for the 10-minute reminder (issue #10 §4; the POST of the 1-hour
 * reminder's link). Asking twice changes nothing.
 *
 * @returns 'ready' (now recorded) or 'already', with the auction's name; 'invalid' as {@link peekTenMinuteReminder}.
 */
export async function requestTenMinuteReminder(
  token: unknown,
  lienPrive: string,
  options: { now?: Date } = {},
): Promise<TenMinuteReminderState> {
  const { state, id } = await readReminder(token, lienPrive, options.now ?? new Date())
  if (state.status !== 'ready' || !id) return state
  await getDb().update(rappelsEnchere).set({ dix_minutes: true }).where(eq(rappelsEnchere.id, id))
  return state
}
