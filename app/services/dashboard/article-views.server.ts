import { type SQL, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '#app/db/client.server'
import { articles, vuesArticles, vuesArticlesPeriode, vuesJours } from '#app/db/schema'
import { getEnv } from '#app/env.server'
import { logger } from '#app/logger.server'

/** How many days the dashboard's views cover (issue #11 §5: the last 30 days, today included). */
export const VIEWS_PERIOD_DAYS = 30
/** How many most-read articles the dashboard lists. */
const MOST_READ = 5

/** The dashboard's views (issue #11 §5), in the site's time zone. */
export type ArticleViews = {
  /** One entry a day (YYYY-MM-DD) with the views of all articles that day, the oldest first, today last. */
  days: Array<{ jour: string; vues: number }>
  /** The most-read articles over the period (at most 5), most views first, ties by title. */
  articles: Array<{ id: string; titre: string; slug: string; vues: number }>
}

/**
 * The views of the last {@link VIEWS_PERIOD_DAYS} days for the dashboard (issue #11 §5): all
 * articles' views each day, and the five most-read articles. Finished days are read from their
 * caches (vues_jours, vues_articles_periode), today from vues_articles, so the cost follows the
 * number of days and of articles read today, not articles × days (issue #35 §2: at 100×, 59,000
 * rows summed twice took 50–80 ms of the dashboard's first request on the embedded database). A
 * day or a period missing from the caches is summed from vues_articles and then kept: the first
 * dashboard of a day pays for it once.
 *
 * @param executor - the database or a transaction.
 * @returns see {@link ArticleViews}.
 * @throws the database error when a read fails (a cache that cannot be written, on a read-only
 *   database, is skipped: the answer is read from vues_articles).
 */
export async function readArticleViews(executor: Executor): Promise<ArticleViews> {
  const today = sql`(now() at time zone ${getEnv().SITE_TIMEZONE})::date`
  const since = sql`(${today} - ${VIEWS_PERIOD_DAYS - 1}::integer)`
  const [days, period] = await Promise.all([
    queryRows<{ jour: string; vues: number | string; cached: boolean }>(
      executor,
      // A finished day from its cache, else (today, or a day not cached yet) summed from its rows.
      sql`select to_char(day, 'YYYY-MM-DD') as jour, ${vuesJours.jour} is not null as cached,
          coalesce(${vuesJours.vues}, (select sum(${vuesArticles.vues}) from ${vuesArticles}
            where ${vuesArticles.jour} = day::date), 0) as vues
        from generate_series(${since}::timestamp, ${today}::timestamp, interval '1 day') as day
        left join ${vuesJours} on ${vuesJours.jour} = day::date
        order by day`,
    ),
    queryRows<{ cached: boolean }>(
      executor,
      sql`select exists (select from ${vuesArticlesPeriode}
        where ${vuesArticlesPeriode.calcule_pour} = ${today}) as cached`,
    ),
  ])
  const periodCached = period[0]?.cached === true
  // The period's finished days summed per article: from the cache when it is today's.
  const finished = periodCached
    ? sql`select ${vuesArticlesPeriode.article_id} as article_id, ${vuesArticlesPeriode.vues} as vues
        from ${vuesArticlesPeriode} where ${vuesArticlesPeriode.calcule_pour} = ${today}`
    : sql`select ${vuesArticles.article_id} as article_id, ${vuesArticles.vues} as vues from ${vuesArticles}
        where ${vuesArticles.jour} >= ${since} and ${vuesArticles.jour} < ${today}`
  const mostRead = await queryRows<{ id: string; titre: string; slug: string; vues: number | string }>(
    executor,
    // Summed per article first, the five best (and those tied with the fifth) joined to their
    // titles after.
    sql`select ${articles.id} as id, ${articles.titre} as titre, ${articles.slug} as slug, top.vues
      from (
        select article_id, sum(vues) as vues from (
          ${finished}
          union all
          select ${vuesArticles.article_id}, ${vuesArticles.vues} from ${vuesArticles}
          where ${vuesArticles.jour} = ${today}
        ) as period
        group by article_id
        order by vues desc fetch first ${sql.raw(String(MOST_READ))} rows with ties
      ) as top join ${articles} on ${articles.id} = top.article_id
      order by top.vues desc, ${articles.titre} asc
      limit ${MOST_READ}`,
  )
  const uncachedDays = days.slice(0, -1).filter((day) => !day.cached)
  if (uncachedDays.length > 0 || !periodCached) {
    await cacheFinishedDays(
      executor,
      uncachedDays.map((day) => day.jour),
      periodCached ? null : { today, since },
    )
  }
  return {
    days: days.map((row) => ({ jour: row.jour, vues: Number(row.vues) })),
    articles: mostRead.map((row) => ({
      id: row.id,
      titre: row.titre,
      slug: row.slug,
      vues: Number(row.vues),
    })),
  }
}

/**
 * Keeps finished days in the caches: the total of each day of `days` (YYYY-MM-DD, before today)
 * in vues_jours, and when `period` is given, each article's views over the period's finished days
 * in vues_articles_periode for today (an earlier day's rows replaced). Two instances doing it at
 * once keep the first rows written. A failure (a read-only database, issue #37 §4) is logged and
 * skipped: the dashboard then reads vues_articles, as it does for what is not cached.
 */
async function cacheFinishedDays(
  executor: Executor,
  days: string[],
  period: { today: SQL; since: SQL } | null,
): Promise<void> {
  try {
    if (days.length > 0) {
      await executor.execute(sql`insert into ${vuesJours} (jour, vues)
        select day, coalesce((select sum(${vuesArticles.vues}) from ${vuesArticles}
          where ${vuesArticles.jour} = day), 0)
        from unnest(array[${sql.join(
          days.map((day) => sql`${day}`),
          sql`, `,
        )}]::date[]) as day
        on conflict (jour) do nothing`)
    }
    if (period) {
      await executor.execute(sql`with stale as (
          delete from ${vuesArticlesPeriode} where ${vuesArticlesPeriode.calcule_pour} <> ${period.today})
        insert into ${vuesArticlesPeriode} (calcule_pour, article_id, vues)
        select ${period.today}, ${vuesArticles.article_id}, sum(${vuesArticles.vues}) from ${vuesArticles}
        where ${vuesArticles.jour} >= ${period.since} and ${vuesArticles.jour} < ${period.today}
        group by ${vuesArticles.article_id}
        on conflict do nothing`)
    }
  } catch (error) {
    logger.warn({ err: error }, 'Vues des jours finis non mises en cache pour le tableau de bord')
  }
}
