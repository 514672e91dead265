/**
 * The two servers the browser tests run against (playwright.config.ts starts them): the demo site
 * (seeded, e-mails written as .eml files) and an empty site for empty-state tests. Ports can be
 * moved with E2E_PORT (demo; the empty site takes the next port) so that two checkouts on one
 * machine do not collide. Each server gets a data folder keyed by its port, deleted before start.
 */
import os from 'node:os'
import path from 'node:path'

const demoPort = Number(process.env.E2E_PORT ?? 3210)

/** Administrator account created from the environment on the demo server (issue #3 back-office tests). */
export const E2E_ADMIN = { email: 'admin@exemple.fr', password: 'encre-e2e-motdepasse' } as const

/** Contact address of the demo server (CONTACT_EMAIL): contact notifications go there. */
export const E2E_CONTACT_EMAIL = 'artiste@exemple.fr'

export type E2eServer = {
  /** Port the server listens on. */
  port: number
  /** Base URL, without trailing slash, e.g. `http://localhost:3210`. */
  url: string
  /** Absolute DATA_DIR of the server (PGlite database, uploads, mail). */
  dataDir: string
  /** Folder where the server writes its e-mails as .eml files (no SMTP_URL). */
  mailDir: string
}

function server(port: number, name: string): E2eServer {
  const dataDir = path.join(os.tmpdir(), `encre-e2e-${name}-${port}`)
  return { port, url: `http://localhost:${port}`, dataDir, mailDir: path.join(dataDir, 'mail') }
}

/** The seeded demo site every test uses by default (`baseURL`). */
export const DEMO_SERVER = server(demoPort, 'demo')
/** The site started with SEED_DEMO=false: no content at all. */
export const EMPTY_SERVER = server(demoPort + 1, 'empty')
