/**
 * The daily backup's hold on the event loop (issue #35 §4: ≤ 100 ms), run by bench/scale.ts as a
 * child on an embedded database (DATA_DIR): opens it as the server does, runs the server's own
 * daily check (`runBackupCheck`, app/jobs/backup-schedule.server.ts) into a scratch folder, a day
 * ahead so that recent bids do not postpone it, and measures the event loop meanwhile with Node's
 * `monitorEventLoopDelay` (5 ms resolution). Prints one JSON line:
 * `{ status, seconds, maxMs, p99Ms }` (the check's status, its duration in s, the longest and the
 * 99th-percentile delay in ms). Not a test: a measure.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { openConfiguredDatabase, setDatabase } from '#app/db/client.server'
import { getEnv } from '#app/env.server'
import { runBackupCheck } from '#app/jobs/backup-schedule.server'
import { print } from './support'

const opened = await openConfiguredDatabase(getEnv())
setDatabase(opened)
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-bench-daily-'))
const delay = monitorEventLoopDelay({ resolution: 5 })
delay.enable()
const started = performance.now()
try {
  const result = await runBackupCheck(
    opened,
    folder,
    { uploadsDir: path.join(folder, 'sans-images') },
    new Date(Date.now() + 24 * 60 * 60 * 1000),
  )
  delay.disable()
  print(
    JSON.stringify({
      status: result.status,
      seconds: (performance.now() - started) / 1000,
      maxMs: delay.max / 1e6,
      p99Ms: delay.percentile(99) / 1e6,
    }),
  )
} finally {
  fs.rmSync(folder, { recursive: true, force: true })
  await opened.close()
}
