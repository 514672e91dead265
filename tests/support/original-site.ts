import path from 'node:path'

/**
 * The original site's fixture (issue #33): `dump/data.sql`, `dump/full.sql`, `images/`,
 * `counts.json`, `expected.json`. `ORIGINAL_SITE_FIXTURE` names another copy.
 */
export const ORIGINAL_SITE = path.resolve(process.env.ORIGINAL_SITE_FIXTURE ?? '/work/shared/original-site')
