import { afterEach, expect, it, vi } from 'vitest'
import { getPublishedArticle } from '#app/services/articles/get-published-article.server'
import { announcePublicationScheduleChanged } from '#app/services/articles/scheduled-publications.server'
import { siteDataGeneration } from '#app/services/site-data-cache.server'
import { insertArticle } from '#tests/support/content-fixtures'
import { startPublicationScheduler } from './publication-scheduler.server'

let stop: (() => Promise<void>) | undefined

afterEach(async () => {
  await stop?.()
  stop = undefined
})

it('clears the cached pages when a scheduled article’s time comes, without any other action', async () => {
  stop = startPublicationScheduler()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const publishAt = new Date(Date.now() + 1500)
  await insertArticle({ titre: 'À paraître', slug: 'a-paraitre', date_publication: publishAt })
  // What a save announces: the scheduler plans its next check for the article's date.
  announcePublicationScheduleChanged()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const before = siteDataGeneration()
  expect((await getPublishedArticle('a-paraitre')).status).toBe('not-found')

  await vi.waitFor(() => expect(siteDataGeneration()).toBeGreaterThan(before), {
    timeout: 4000,
    interval: 25,
  })

  expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime())
  expect(Date.now() - publishAt.getTime()).toBeLessThan(1500)
  expect((await getPublishedArticle('a-paraitre')).status).toBe('found')
}, 15_000)
