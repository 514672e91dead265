import { and, asc, count, gt, sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { articles } from '#app/db/schema'
import { scheduleSignal } from '#app/services/schedule-signal.server'
import { isPublishedArticle } from './list-published-articles.server'

const signal = scheduleSignal()

/**
 * Calls `listener` each time an article's publication schedule may have changed in this process
 * (an article saved): app/jobs/publication-scheduler.server.ts plans its next run then.
 * @returns the unsubscribe function.
 */
export const onPublicationScheduleChanged = signal.listen

/** Tells the publication scheduler that an article was saved (after commit). */
export const announcePublicationScheduleChanged = signal.announce

/** What a check of the scheduled publications found (issue #11 §3). */
export type PublicationCheck = {
  /** Articles published and displayed whose date_publication came in (since, checkedAt]. */
  appeared: number
  /** The database's clock at the check: the `since` of the next one. */
  checkedAt: Date
  /** The next date_publication still to come among published and displayed articles, or null. */
  next: Date | null
}

/**
 * Looks for scheduled articles that became public (issue #11 §3 "then appears without any
 * action"), by the database's clock, the one the visibility rule (isPublicArticle) reads.
 *
 * @param since - the previous check's `checkedAt`; undefined on the first check (nothing counted:
 *   the caches start empty).
 * @returns what appeared since then and the next publication to wait for.
 */
export async function checkScheduledPublications(
  since: Date | undefined,
  executor: Executor = getDb(),
): Promise<PublicationCheck> {
  // Instants as epoch milliseconds: exact to the microsecond's millisecond on both drivers.
  const [row] = await executor
    .select({
      checkedAt: sql<number>`extract(epoch from now()) * 1000`.mapWith(Number),
      appeared: since
        ? count(
            sql`case when ${articles.date_publication} > ${since.toISOString()}::timestamptz and ${articles.date_publication} <= now() then 1 end`,
          )
        : sql<number>`0`.mapWith(Number),
      next: sql<
        number | null
      >`extract(epoch from min(${articles.date_publication}) filter (where ${articles.date_publication} > now())) * 1000`.mapWith(
        Number,
      ),
    })
    .from(articles)
    .where(isPublishedArticle)
  return {
    appeared: row?.appeared ?? 0,
    checkedAt: new Date(row?.checkedAt ?? Date.now()),
    next: row?.next ? new Date(row.next) : null,
  }
}

/** An article published for later, as the dashboard lists it. */
export type ScheduledArticle = { id: string; titre: string; slug: string; date_publication: string }

/**
 * The articles published and displayed whose date_publication is still to come, soonest first
 * (issue #11 §5 "scheduled articles").
 *
 * @param limit - how many at most (default 5).
 * @returns their ids, titles, slugs and ISO 8601 publication instants.
 */
export async function listScheduledArticles(
  limit = 5,
  executor: Executor = getDb(),
): Promise<ScheduledArticle[]> {
  const rows = await executor
    .select({
      id: articles.id,
      titre: articles.titre,
      slug: articles.slug,
      date_publication: articles.date_publication,
    })
    .from(articles)
    .where(and(isPublishedArticle, gt(articles.date_publication, sql`now()`)))
    .orderBy(asc(articles.date_publication))
    .limit(limit)
  return rows.map((row) => ({ ...row, date_publication: (row.date_publication as Date).toISOString() }))
}
