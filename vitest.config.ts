import os from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/setup-file.ts'],
    pool: 'forks',
    // Vitest's default is one core less than the machine has: one worker on a 2-core machine, which
    // leaves a core idle while the tests wait on PGlite, a PostgreSQL server or a child process.
    // Two workers at least (each has its own database): the suite takes 9 min instead of 15 here.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent', SEED_DEMO: 'false', SITE_TIMEZONE: 'Europe/Paris', TZ: 'UTC' },
  },
})
