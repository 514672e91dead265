import path from 'node:path'
import { z } from 'zod'
import { parseTrustProxy } from './trust-proxy.server'

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/]+\S*$/, 'adresse http(s) attendue, par exemple https://images.exemple.fr')

const fields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SITE_URL: z.string().url().optional(),
  SITE_TIMEZONE: z
    .string()
    .default('Europe/Paris')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('fr-FR', { timeZone: tz })
        return true
      } catch {
        return false
      }
    }, 'fuseau horaire IANA inconnu (exemple : Europe/Paris)'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Encre <no-reply@localhost>'),
  CONTACT_EMAIL: z.string().email().optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'au moins 10 caractères').optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  SEED_DEMO: booleanString.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Event-loop delay (ms, 99th percentile) past which bids answer 503 (app/http/overload.server.ts); 0: never. */
  OVERLOAD_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /** Bids answered at once by one process past which the next answers 503 (app/http/overload.server.ts); 0: no bound. */
  OVERLOAD_MAX_BIDS: z.coerce.number().int().min(0).max(10_000).default(32),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: httpUrl.transform((value) => value.replace(/\/+$/, '')).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
        return z.NEVER
      }
    }),
})

/** Object storage needs its public address; keys go in pairs (DESIGN.md §2 "object storage", decision 019). */
function checkObjectStorage(value: z.infer<typeof fields>, ctx: z.RefinementCtx): void {
  if (value.S3_BUCKET && !value.S3_PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_PUBLIC_URL'],
      message:
        'requis avec S3_BUCKET : l’adresse publique des fichiers du bucket (CDN, ou https://<bucket>.s3.<région>.amazonaws.com)',
    })
  }
  if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble : donnez les deux, ou aucun',
    })
  }
}

const envSchema = fields.superRefine(checkObjectStorage)

export type Env = z.infer<typeof envSchema> & { DATA_DIR_ABS: string; SITE_URL_RESOLVED: string }

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(source)) result[key] = value === '' ? undefined : value
  return result
}

/**
 * Parses and validates the process environment (DESIGN.md §8).
 *
 * @param source - the variables to read, `process.env` by default.
 * @returns the typed configuration with defaults applied, `DATA_DIR_ABS` (absolute path of `DATA_DIR`)
 *   and `SITE_URL_RESOLVED` (`SITE_URL`, else `http://localhost:{PORT}`).
 * @throws Error naming every invalid variable, e.g. `Configuration invalide : SITE_TIMEZONE — …`.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(emptyToUndefined(source))
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')} — ${issue.message}`)
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`)
  }
  const value = parsed.data
  return {
    ...value,
    DATA_DIR_ABS: path.resolve(value.DATA_DIR),
    SITE_URL_RESOLVED: (value.SITE_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
  }
}

let cached: Env | undefined

/** The validated configuration of this process, parsed once on first use. @throws like {@link parseEnv}. */
export function getEnv(): Env {
  cached ??= parseEnv()
  return cached
}

/**
 * Re-reads and validates `process.env` now, for a process whose variables changed after its first
 * {@link getEnv} (the test suite switches them through tests/support/env.ts); later {@link getEnv}
 * calls return the new configuration.
 *
 * @returns the new configuration.
 * @throws like {@link parseEnv}; the previous configuration is kept then.
 */
export function reloadEnv(): Env {
  cached = parseEnv()
  return cached
}
