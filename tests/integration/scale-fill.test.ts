import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb, queryRows } from '#app/db/client.server'
import { seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { fillScale, type ScaleTable, scaleTargets } from '../../bench/scale-fill'

// The 100× filler of `npm run bench -- scale` (issue #35 §5), on a reduced scale: 0.12 gives
// 6 auctions (the active one, 4 programmed, 1 ended), 264 articles (drafts, scheduled, archived,
// « A la une ») with 180,000 view rows and 24,600 bids.
const FACTOR = 0.12

async function count(table: ScaleTable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(getDb(), sql.raw(`select count(*)::int as n from "${table}"`))
  return row?.n ?? 0
}

async function counts(): Promise<Record<ScaleTable, number>> {
  const tables = Object.keys(scaleTargets(1)) as ScaleTable[]
  return Object.fromEntries(
    await Promise.all(tables.map(async (table) => [table, await count(table)])),
  ) as Record<ScaleTable, number>
}

/** The first value of the first row of `query`. */
async function value<T>(query: string): Promise<T> {
  const [row] = await queryRows<{ v: T }>(getDb(), sql.raw(query))
  return row?.v as T
}

// Filling takes 10–30 s on 2 busy cores: more than the default 30 s limit may be needed.
describe('the 100× filler (bench/scale-fill.ts)', { timeout: 180_000 }, () => {
  it('tops every table up to its target × factor over the demo or a smaller fill, and a second run adds nothing', async () => {
    expect(await seedDemoIfEmpty({ imageLongSide: 320 })).toBe(true)
    const demo = await counts()
    // As the bench does: the demo's size first, then the big one on top of it.
    const small = await fillScale({ factor: 0.01 })
    const result = await fillScale({ factor: FACTOR })
    const targets = scaleTargets(FACTOR)
    const filled = await counts()
    for (const table of Object.keys(targets) as ScaleTable[]) {
      expect(filled[table], table).toBe(Math.max(targets[table], demo[table]))
      expect(small.added[table] + result.added[table], table).toBe(filled[table] - demo[table])
    }
    expect(filled.oeuvres).toBe(360)
    expect(filled.mises).toBe(24_600)

    const again = await fillScale({ factor: FACTOR })
    expect(Object.values(again.added).every((added) => added === 0)).toBe(true)
    expect(await counts()).toEqual(filled)
  })

  it('keeps the invariants the app relies on', async () => {
    await fillScale({ factor: FACTOR, imageLongSide: 320 })

    // One active auction, open now; programmed ones to come; ended ones over.
    expect(await value<number>(`select count(*)::int as v from encheres where statut = 'active'`)).toBe(1)
    expect(
      await value<number>(`select count(*)::int as v from encheres where
        (statut = 'active' and not (date_debut <= now() and date_fin > now()))
        or (statut = 'programme' and date_debut <= now())
        or (statut like 'termine%' and date_fin > now())`),
    ).toBe(0)
    expect(await value<number>(`select count(*)::int as v from encheres where statut = 'programme'`)).toBe(4)
    // prix_actuel = the best validated bid (the start price without one); the reserve met exactly
    // when the ended auction says so.
    expect(
      await value<number>(`select count(*)::int as v from encheres e
        where e.prix_actuel <> coalesce((select max(montant) from mises m where m.enchere_id = e.id and m.email_valide), e.prix_depart)`),
    ).toBe(0)
    expect(
      await value<number>(`select count(*)::int as v from encheres e where statut like 'termine%'
        and (statut = 'termine_prix_atteint') <> (prix_reserve is not null and prix_actuel >= prix_reserve
          and exists (select 1 from mises m where m.enchere_id = e.id and m.email_valide))`),
    ).toBe(0)
    expect(
      await value<number>(`select count(*)::int as v from mises where not email_valide`),
    ).toBeGreaterThan(0)
    // Bids inside their auction's time; a validation per bidder and auction, used when validated.
    expect(
      await value<number>(`select count(*)::int as v from mises m join encheres e on e.id = m.enchere_id
        where m.cree_le < e.date_debut or m.cree_le > e.date_fin or m.cree_le > now()`),
    ).toBe(0)
    expect(
      await value<number>(`select count(*)::int as v from (select distinct enchere_id, participant_email, email_valide from mises) m
        where not exists (select 1 from validations_email v where v.enchere_id = m.enchere_id
          and v.email = m.participant_email and v.valide = m.email_valide)`),
    ).toBe(0)

    // Articles of every state; views summed into nombre_vues, never before today + 1.
    const states = await queryRows<{ etat: string; n: number }>(
      getDb(),
      sql`select case when statut = 'publie' and date_publication > now() then 'programme' else statut end as etat,
        count(*)::int as n from articles group by 1`,
    )
    expect(states.map((state) => state.etat).sort()).toEqual(['archive', 'brouillon', 'programme', 'publie'])
    expect(
      await value<number>(`select count(*)::int as v from articles where 'A la une' = any(tags)`),
    ).toBeGreaterThan(3)
    expect(
      await value<number>(`select count(*)::int as v from articles a
        where nombre_vues <> coalesce((select sum(vues) from vues_articles v where v.article_id = a.id), 0)`),
    ).toBe(0)
    expect(
      await value<number>(`select count(*)::int as v from vues_articles where jour > current_date`),
    ).toBe(0)

    // Studio photos numbered 1..n as their drag-and-drop writes them; no order twice in a category.
    expect(
      await value<boolean>(
        `select array_agg(ordre order by ordre) = (select array_agg(g) from
          generate_series(1, (select count(*)::int from photos_atelier)) g) as v from photos_atelier`,
      ),
    ).toBe(true)
    expect(
      await value<number>(`select count(*)::int as v from (select categorie_id, ordre from oeuvres
        group by 1, 2 having count(*) > 1) d`),
    ).toBe(0)
    // Hidden rows exist for the pages' filters to hide; every added work has a processed image.
    expect(
      await value<number>(`select count(*)::int as v from categories where not affichee`),
    ).toBeGreaterThan(0)
    expect(await value<number>(`select count(*)::int as v from oeuvres where not affichee`)).toBeGreaterThan(
      0,
    )
    expect(
      await value<number>(
        `select count(*)::int as v from oeuvres o where not exists (select 1 from medias m where m.url = o.image1_url)`,
      ),
    ).toBe(0)
    expect(await value<number>(`select count(*)::int as v from contact_messages where lu`)).toBeGreaterThan(0)
    expect(
      await value<number>(`select count(*)::int as v from contact_messages where not lu`),
    ).toBeGreaterThan(0)
    expect(
      await value<number>(`select count(*)::int as v from contact_messages where archive`),
    ).toBeGreaterThan(0)
  })
})
