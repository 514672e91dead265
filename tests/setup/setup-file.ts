import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, beforeEach, inject, vi } from 'vitest'
import { type OpenedDatabase, openDatabase, queryRows, setDatabase } from '#app/db/client.server'
import { reloadEnv } from '#app/env.server'
import { setSiteDataCacheEnabled } from '#app/services/site-data-cache.server'
import { restoreEnv } from '#tests/support/env'
import { resetRateLimits } from '#tests/support/rate-limits'

// Every rate limit the application creates is remembered, so each test starts with no counts.
vi.mock('#app/services/rate-limit.server', async (importOriginal) => {
  const { trackingRateLimits } = await import('#tests/support/rate-limits')
  return trackingRateLimits(await importOriginal())
})

let opened: OpenedDatabase | undefined
let tables: string[] = []
const consoleErrors: unknown[][] = []

// Every test file gets its own DATA_DIR (uploads, mail files) under the system temp folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-test-'))
process.env.DATA_DIR = dataDir
// Bids are not refused for the event loop's delay (app/http/overload.server.ts): a shared test
// machine stalls the loop for reasons of its own; overload.server.test.ts sets its own threshold.
process.env.OVERLOAD_DELAY_MS = '0'
reloadEnv()
// Tests write rows directly (not through admin actions, which clear the cache): read them fresh.
setSiteDataCacheEnabled(false)

beforeAll(async () => {
  const templateUrl = inject('postgresTemplateUrl')
  if (templateUrl) {
    const url = new URL(templateUrl)
    const name = `encre_test_w${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`
    const admin = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]*$/, '/postgres') })
    await admin.connect()
    await admin.query(`drop database if exists "${name}"`)
    await admin.query(`create database "${name}" template "${url.pathname.slice(1)}"`)
    await admin.end()
    url.pathname = `/${name}`
    opened = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 })
  } else {
    const dump = fs.readFileSync(inject('pgliteTemplate'))
    opened = await openDatabase({ loadDataDir: new Blob([dump]) })
  }
  setDatabase(opened)
  const rows = await queryRows<{ tablename: string }>(
    opened.db,
    sql`select tablename from pg_tables where schemaname = 'public' and left(tablename, 2) <> '__'`,
  )
  tables = rows.map((row) => row.tablename)
})

beforeEach(async () => {
  if (tables.length > 0) {
    await opened?.db.execute(
      sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`),
    )
  }
  await resetRateLimits()
  consoleErrors.length = 0
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  restoreEnv()
  if (consoleErrors.length > 0) {
    const messages = consoleErrors.map((args) => args.map(String).join(' ')).join('\n')
    throw new Error(`console.error a été appelé pendant le test :\n${messages}`)
  }
})

afterAll(async () => {
  setDatabase(undefined)
  await opened?.close()
  if (opened?.kind === 'postgres') {
    const templateUrl = inject('postgresTemplateUrl')
    const name = `encre_test_w${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}`
    const admin = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]*$/, '/postgres') })
    await admin.connect()
    // pg's pool.end() resolves before its connections are gone: wait for them (up to 2 s), or the
    // forced drop terminates one while it closes, and its client throws outside any test.
    for (let tries = 0; tries < 40; tries++) {
      const { rows } = await admin.query(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      )
      if (rows[0]?.n === 0) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // with (force): a LISTEN connection a test forgot to close must not make the drop fail.
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})
