import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { PGLITE_EXTENSIONS } from '#app/db/client.server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data dump (tar.gz) each test file loads. */
    pgliteTemplate: string
    /** When set, tests run on this PostgreSQL server: one database per worker cloned from the template. */
    postgresTemplateUrl: string
  }
}

function migrationsHash(): string {
  const hash = crypto.createHash('sha256')
  const folder = path.resolve('drizzle')
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(entry.name).update(fs.readFileSync(full))
    }
  }
  walk(folder)
  return hash.digest('hex').slice(0, 16)
}

/**
 * Builds the test database template once per run (CONVENTIONS.md "Tests"): a migrated PGlite dump
 * cached by the migrations' hash, or — with TEST_DATABASE_URL — a migrated template database on
 * a PostgreSQL server that every worker clones.
 */
export default async function setup(project: TestProject) {
  const cacheDir = path.resolve('node_modules/.cache/encre-test-db')
  fs.mkdirSync(cacheDir, { recursive: true })
  const templatePath = path.join(cacheDir, `${migrationsHash()}.tar.gz`)
  if (!fs.existsSync(templatePath)) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
    await migrate(drizzle(client), { migrationsFolder: path.resolve('drizzle') })
    const dump = await client.dumpDataDir('gzip')
    fs.writeFileSync(`${templatePath}.tmp`, Buffer.from(await dump.arrayBuffer()))
    fs.renameSync(`${templatePath}.tmp`, templatePath)
    await client.close()
  }
  project.provide('pgliteTemplate', templatePath)

  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const templateName = 'encre_test_template'
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname like 'encre_test_%' and pid <> pg_backend_pid()`,
    )
    const existing = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'encre_test_%'`,
    )
    for (const row of existing.rows) await admin.query(`drop database if exists "${row.datname}"`)
    await admin.query(`create database "${templateName}"`)
    await admin.end()
    const templateUrl = new URL(serverUrl)
    templateUrl.pathname = `/${templateName}`
    const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 })
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres')
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator')
    await migratePg(drizzlePg(pool), { migrationsFolder: path.resolve('drizzle') })
    await pool.end()
    project.provide('postgresTemplateUrl', templateUrl.toString())
  } else {
    project.provide('postgresTemplateUrl', '')
  }
}
