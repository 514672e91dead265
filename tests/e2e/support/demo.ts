/**
 * Shared browser-test lookups in the demo content the test sites are seeded with
 * (app/db/seed/demo-data.ts): the specs name a demo row and read its texts from there.
 */
import { DEMO_PAGES } from '#app/db/seed/demo-data'

/**
 * The demo row whose `key` is `value`, e.g. `demoRow(DEMO_ARTICLES, 'slug', 'le-geste')`.
 *
 * @throws Error when the demo data hold no such row (the spec and the seed disagree).
 */
export function demoRow<Row, Key extends keyof Row>(rows: readonly Row[], key: Key, value: Row[Key]): Row {
  const row = rows.find((item) => item[key] === value)
  if (!row) throw new Error(`${String(key)} ${String(value)} absent des données de démonstration`)
  return row
}

/**
 * The title the demo content gives a public page (pages_config.titre), or `fallback` when it
 * configures none, e.g. `demoPageTitle('blog', 'Actualités')`.
 */
export function demoPageTitle(pageName: string, fallback: string): string {
  return DEMO_PAGES.find((entry) => entry.page_name === pageName)?.titre ?? fallback
}
