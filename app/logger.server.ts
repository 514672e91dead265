import pino from 'pino'

/** Structured JSON logger (DESIGN.md §2). Level from LOG_LEVEL (default info; silent in tests). */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
  base: { app: 'encre' },
})
