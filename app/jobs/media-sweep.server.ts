import { logger } from '#app/logger.server'
import { sweepUnreferencedMedia } from '#app/media/release-media.server'
import { startPeriodicTask } from './periodic-task.server'

/** How often abandoned uploads are looked for, in ms (hourly). */
const SWEEP_EVERY_MS = 60 * 60 * 1000
/** Age in ms after which an upload no row references is deleted: a form left open a day is abandoned. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000

/**
 * Deletes, hourly (first pass five minutes after start), the uploaded images that no content row
 * has referenced for a day (issue #3 §4: files no longer referenced are deleted; replaced and
 * removed images are released at once by the screens, this catches abandoned forms).
 * Safe with several instances: each deletion re-checks the references in one statement.
 *
 * @returns a function stopping the schedule.
 */
export function startMediaSweep(): () => void {
  return startPeriodicTask({
    firstDelayMs: 5 * 60_000,
    everyMs: SWEEP_EVERY_MS,
    failure: 'Nettoyage des images impossible',
    task: async () => {
      const deleted = await sweepUnreferencedMedia(ABANDONED_AFTER_MS)
      if (deleted > 0) logger.info({ deleted }, 'Images abandonnées supprimées')
    },
  })
}
