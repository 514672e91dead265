import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runScript } from '#tests/support/cli'
import { ORIGINAL_SITE } from '#tests/support/original-site'

const DUMP = path.join(ORIGINAL_SITE, 'dump/data.sql')

let dataDir: string
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-import-cli-'))
})
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

// Each run starts tsx and the database: seconds each on a busy machine.
describe('npm run import (issue #33)', { timeout: 120_000 }, () => {
  it('stops with a French message and exit code 1 on a truncated dump, creating no database', async () => {
    const truncated = path.join(dataDir, 'tronque.sql')
    const dump = fs.readFileSync(DUMP, 'utf8')
    fs.writeFileSync(truncated, dump.slice(0, dump.indexOf('COPY "public"."mises"') + 500))
    const target = path.join(dataDir, 'site')
    const run = await runScript('import', [truncated, '--images', path.join(dataDir, 'images')], {
      DATA_DIR: target,
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Le dossier d’images .* est introuvable/)
    const again = await runScript('import', [truncated], { DATA_DIR: target })
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/est tronqué/)
    expect(fs.existsSync(path.join(target, 'db'))).toBe(false)
  })

  it('explains its usage with exit code 2', async () => {
    const run = await runScript('import', [], { DATA_DIR: dataDir })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Usage : npm run import -- <dump.sql | postgres://…>')
  })
})
