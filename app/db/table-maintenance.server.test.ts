import { sql } from 'drizzle-orm'
import { expect, inject, it } from 'vitest'
import { getDb, queryRows } from '#app/db/client.server'
import { enqueueEmails } from '#app/services/mail/enqueue-email.server'
import { auctions, setUpAuctionTests } from '#tests/support/auctions'
import { maintainTables } from './table-maintenance.server'

setUpAuctionTests()

/** The plan of an auction page's history read (get-public-auction.server.ts), as text. */
async function historyPlan(enchereId: string): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    getDb(),
    sql`explain select id, participant_prenom, montant, cree_le from mises
      where enchere_id = ${enchereId} and email_valide order by montant desc, cree_le limit 50`,
  )
  return rows.map((row) => row['QUERY PLAN']).join('\n')
}

async function plannerRows(table: string): Promise<number> {
  const [row] = await queryRows<{ rows: number }>(
    getDb(),
    sql`select reltuples::float8 as rows from pg_class where oid = ${table}::regclass`,
  )
  return Number(row?.rows)
}

// On a PostgreSQL server its own autovacuum daemon does this work (and may do it first).
it.skipIf(Boolean(inject('postgresTemplateUrl')))(
  "vacuums and analyzes a table that grew from empty, so an auction's history is read from its index, then leaves it until it changes again",
  async () => {
    const auction = await auctions.create()
    await auctions.insertBids(
      ...Array.from({ length: 2000 }, (_, index) =>
        auctions.bidRow(auction.id, `P${index}`, `${100 + index}.00`),
      ),
    )
    // Planned as a handful of rows: every bid is read and sorted.
    expect(await historyPlan(auction.id)).not.toMatch(/Index Scan using mises_enchere_valides_idx/)

    const first = await maintainTables(getDb())
    expect(first.vacuumed).toContain('mises')
    expect(await plannerRows('mises')).toBe(2000)
    expect(await historyPlan(auction.id)).toMatch(/Index Scan using mises_enchere_valides_idx/)

    const second = await maintainTables(getDb())
    expect([...second.vacuumed, ...second.analyzed]).not.toContain('mises')
  },
)

it("keeps the outbox's e-mail bodies out of its table, so that analyzing it reads a few hundred bytes a row and no body", async () => {
  // About what the bid notices weigh (rendered React Email HTML and its plain text).
  const html = Array.from(
    { length: 200 },
    (_, line) =>
      `<tr><td style="padding:4px 0;font-size:15px">Ligne ${line} : mise de ${100 + line},00 €</td></tr>`,
  ).join('')
  const emails = Array.from({ length: 300 }, (_, index) => ({
    modele: 'nouvelle-mise',
    destinataire: `encherisseur${index}@exemple.fr`,
    sujet: `Nouvelle mise ${index}`,
    html: `${html}<p>${index}</p>`,
    texte: `${'Une nouvelle mise a été placée. '.repeat(60)}${index}`,
  }))
  await enqueueEmails(getDb(), emails)
  await getDb().execute(sql`analyze emails_sortants`)

  const [size] = await queryRows<{ table: number; toast: number }>(
    getDb(),
    sql`select pg_relation_size(c.oid)::float8 as "table", pg_relation_size(c.reltoastrelid)::float8 as toast
      from pg_class c where c.oid = 'emails_sortants'::regclass`,
  )
  // Bodies compressed in line would take about 2 kB a row; out of line, the row keeps pointers.
  expect(Number(size?.table) / emails.length).toBeLessThan(600)
  expect(Number(size?.toast)).toBeGreaterThan(Number(size?.table))
  const analyzed = await queryRows<{ attname: string }>(
    getDb(),
    sql`select attname from pg_stats where tablename = 'emails_sortants' order by attname`,
  )
  expect(analyzed.map((row) => row.attname)).toEqual(['id', 'prochaine_tentative_le', 'statut'])
})
