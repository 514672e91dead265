import pino from 'pino'

/**
 * Where log lines go: in a terminal, through pino-pretty in a worker thread (readable, coloured,
 * and off the main thread); otherwise one JSON object a line on stdout, for a log collector.
 */
function transport(): pino.LoggerOptions['transport'] {
  if (!process.stdout.isTTY || process.env.VITEST) return undefined
  return {
    target: 'pino-pretty',
    options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,app,req,res,responseTime' },
  }
}

/**
 * The process's structured logger (DESIGN.md §2; issue #12 §4): JSON lines, or pretty ones in a
 * terminal ({@link transport}). Level from LOG_LEVEL (default info; silent in tests). Requests
 * log through its child `req.log` (app/http/access-log.server.ts), which adds their `reqId`.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
  base: { app: 'encre' },
  transport: transport(),
})
