import { defineConfig, devices } from '@playwright/test'
import { DEMO_SERVER, E2E_ADMIN, E2E_CONTACT_EMAIL, EMPTY_SERVER } from './tests/e2e/support/servers'

/**
 * Browser tests (CONVENTIONS.md "Tests") on the production build (`npm run test:e2e` builds first),
 * with Debian's Chromium: Playwright's own browser download is not reachable from this network.
 * No retries: a test that passes on its second try is a flaky test, and we want to see it.
 */
const serverEnv = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SITE_TIMEZONE: 'Europe/Paris',
  BETTER_AUTH_SECRET: 'e2e-secret-only-for-browser-tests-0123456789',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  CONTACT_EMAIL: E2E_CONTACT_EMAIL,
  SMTP_URL: '',
  DATABASE_URL: '',
  TRUST_PROXY: 'false',
}

/** Specs that write through the back-office (admin screens, auctions). */
const BACK_OFFICE_SPECS = /(?:admin-[\w-]+|auction)\.spec\.ts$/
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }

/** Seeding the demo images with sharp takes a while on 2 cores. */
const SERVER_START_TIMEOUT_MS = 420_000

/** A production server of the site on its own port and fresh data folder, seeded or empty. */
function productionServer(target: typeof DEMO_SERVER, seedDemo: boolean) {
  return {
    command: 'node tests/e2e/support/start-server.mjs',
    url: `${target.url}/`,
    timeout: SERVER_START_TIMEOUT_MS,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    env: {
      ...serverEnv,
      PORT: String(target.port),
      SITE_URL: target.url,
      DATA_DIR: target.dataDir,
      SEED_DEMO: String(seedDemo),
    },
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['./tests/e2e/support/summary-reporter.ts']],
  use: {
    baseURL: DEMO_SERVER.url,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // CI keeps only the log (nobody opens its traces), and recording them costs CPU on 2 cores.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The back-office journeys change what public pages show (titles, menu, lists); they run after
  // the public specs, which assert the demo content exactly, so the two never overlap.
  projects: [
    { name: 'public', testIgnore: BACK_OFFICE_SPECS, use: desktop },
    { name: 'back-office', testMatch: BACK_OFFICE_SPECS, dependencies: ['public'], use: desktop },
  ],
  webServer: [productionServer(DEMO_SERVER, true), productionServer(EMPTY_SERVER, false)],
})
