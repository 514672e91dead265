import { logger } from '#app/logger.server'
import {
  checkScheduledPublications,
  onPublicationScheduleChanged,
} from '#app/services/articles/scheduled-publications.server'
import { invalidateSiteData } from '#app/services/site-data-cache.server'
import { delayUntil, wakeableJob } from './wakeable-job.server'

/** Longest pause between two checks, in ms (a change made by another instance is found by then). */
export const PUBLICATION_CHECK_INTERVAL_MS = 60_000

/** The previous check's database instant, kept across passes of this process. */
let since: Date | undefined

const publicationJob = wakeableJob({
  globalKey: '__encrePublicationScheduler',
  intervalMs: PUBLICATION_CHECK_INTERVAL_MS,
  failure: 'Erreur de la publication programmée des articles',
  listen: onPublicationScheduleChanged,
  pass: async () => {
    const check = await checkScheduledPublications(since)
    since = check.checkedAt
    if (check.appeared > 0) {
      // The pages, home, feed and sitemap kept without the article must be rendered again.
      invalidateSiteData()
      logger.info({ articles: check.appeared }, 'Articles programmés publiés')
    }
    return delayUntil(check.next, { maxMs: PUBLICATION_CHECK_INTERVAL_MS, minMs: 1_000, marginMs: 50 })
  },
})

/**
 * Starts the publication scheduler (issue #11 §3: an article 'publie' with a future
 * date_publication appears at that time without any action). The same mechanism as the auction
 * scheduler (wakeableJob): a check at once, then at the next publication date or after
 * {@link PUBLICATION_CHECK_INTERVAL_MS} ms, whichever comes first, and at once when an article is
 * saved (announcePublicationScheduleChanged). A check that finds an article whose date has come
 * clears the site data and page caches (invalidateSiteData, which tells the other instances on
 * PostgreSQL). Starting it twice keeps the running one.
 *
 * @returns an async function that stops the scheduler and waits for a check in progress.
 */
export function startPublicationScheduler(): () => Promise<void> {
  since = undefined
  return publicationJob.start()
}
