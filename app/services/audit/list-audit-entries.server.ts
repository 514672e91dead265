import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { journalAudit, user } from '#app/db/schema'
import { AUDIT_PAGE_SIZE, type AuditFilters } from '#app/lib/admin/audit'
import type { PageInfo } from '#app/lib/pagination'
import { publicationDayStart } from '#app/lib/time-zone'
import { readListPage } from '#app/services/list-page.server'

/** One entry of the audit log as /admin/journal shows it. */
export type AuditEntry = {
  id: string
  /** ISO instant of the change. */
  cree_le: string
  email: string
  entite: string
  entite_id: string | null
  action: string
  champs: string[]
}

/** The day after `day` ('YYYY-MM-DD'), as 'YYYY-MM-DD'. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10)
}

/**
 * One page of the audit log (issue #37 §3), newest first, filtered by author, entity and days
 * (from `du` to `au` included, in the site's time zone); a page past the end shows the last one.
 * `q` finds the changes of one row (its id) or setting (its key). Reads only the page's rows and
 * their count, through the indexes on (cree_le), (user_id, cree_le), (entite, cree_le) and
 * (entite_id, cree_le).
 *
 * @param filters - from `parseAuditFilters` (app/lib/admin/audit.ts).
 * @param timeZone - the site's IANA zone, in which the days are read.
 * @returns `{ entries, info }`: {@link AUDIT_PAGE_SIZE} entries at most and the page shown.
 */
export async function listAuditEntries(
  filters: AuditFilters,
  timeZone: string,
  executor: Executor = getDb(),
): Promise<{ entries: AuditEntry[]; info: PageInfo }> {
  const conditions: Array<SQL | undefined> = [
    filters.auteur ? eq(journalAudit.user_id, filters.auteur) : undefined,
    filters.entite ? eq(journalAudit.entite, filters.entite) : undefined,
    filters.q ? eq(journalAudit.entite_id, filters.q) : undefined,
    filters.du ? gte(journalAudit.cree_le, publicationDayStart(filters.du, timeZone)) : undefined,
    filters.au ? lt(journalAudit.cree_le, publicationDayStart(nextDay(filters.au), timeZone)) : undefined,
  ]
  const where = and(...conditions)
  const { rows, info } = await readListPage(
    filters.page,
    AUDIT_PAGE_SIZE,
    () => executor.$count(journalAudit, where),
    (limit, offset) =>
      executor
        .select({
          id: journalAudit.id,
          cree_le: journalAudit.cree_le,
          email: journalAudit.email,
          entite: journalAudit.entite,
          entite_id: journalAudit.entite_id,
          action: journalAudit.action,
          champs: journalAudit.champs,
        })
        .from(journalAudit)
        .where(where)
        .orderBy(desc(journalAudit.cree_le), desc(journalAudit.id))
        .limit(limit)
        .offset(offset),
  )
  return { entries: rows.map((row) => ({ ...row, cree_le: row.cree_le.toISOString() })), info }
}

/**
 * The accounts the log can be filtered by: every administrator (the only ones who reach the
 * back-office), by address.
 *
 * @returns `[{ id, email }]`, a handful of rows.
 */
export async function listAuditAuthors(
  executor: Executor = getDb(),
): Promise<Array<{ id: string; email: string }>> {
  return executor
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(asc(user.email))
}
