import { lt, sql } from 'drizzle-orm'
import { type Executor, getDb, queryRows } from '#app/db/client.server'
import { journalAudit } from '#app/db/schema'
import { AUDIT_RETENTION_DAYS } from '#app/lib/admin/audit'

/**
 * Deletes the audit log's entries older than {@link AUDIT_RETENTION_DAYS} days (issue #37 §3: kept
 * one year), by the database's clock, in one statement.
 *
 * @param now - the instant the year is counted back from (default: now).
 * @returns how many entries were deleted.
 */
export async function purgeAuditEntries(
  now: Date = new Date(),
  executor: Executor = getDb(),
): Promise<number> {
  const before = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000)
  const statement = executor
    .delete(journalAudit)
    .where(lt(journalAudit.cree_le, before))
    .returning({ id: journalAudit.id })
  const [answer] = await queryRows<{ n: number | string }>(
    executor,
    sql`with purged as ${statement} select count(*) as n from purged`,
  )
  return Number(answer?.n ?? 0)
}
