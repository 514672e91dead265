import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import { getDb } from '#app/db/client.server'
import { abonnesProchaineEnchere } from '#app/db/schema'
import { csvLine } from '#app/lib/csv'
import { isUuid } from '#app/lib/ids'
import type { PageInfo } from '#app/lib/pagination'
import { notFound } from '#app/lib/use-case-error'
import { readListPage } from '#app/services/list-page.server'

/** Subscribers shown per page of the back-office's list. */
export const SUBSCRIBERS_PAGE_SIZE = 25

/** A confirmed subscriber as the back-office lists them. */
export type NextAuctionSubscriber = { id: string; email: string; confirme_le: Date }

const SUBSCRIBER_COLUMNS = {
  id: abonnesProchaineEnchere.id,
  email: abonnesProchaineEnchere.email,
  confirme_le: abonnesProchaineEnchere.confirme_le,
}
const confirmed = isNotNull(abonnesProchaineEnchere.confirme_le)

const asSubscriber = (row: {
  id: string
  email: string
  confirme_le: Date | null
}): NextAuctionSubscriber => ({
  ...row,
  confirme_le: row.confirme_le ?? new Date(0),
})

/**
 * One page of the confirmed subscribers of « Prévenez-moi de la prochaine enchère » (issue #36 §6),
 * oldest confirmation first, for the auction screen: address and date of confirmation only.
 *
 * @param page - the page asked for (≥ 1; past the end, the last page, decision 035).
 * @returns the rows and {@link PageInfo} (its `total` is the count of confirmed subscribers).
 */
export async function listNextAuctionSubscribers(
  page: number,
): Promise<{ rows: NextAuctionSubscriber[]; info: PageInfo }> {
  const db = getDb()
  const { rows, info } = await readListPage(
    page,
    SUBSCRIBERS_PAGE_SIZE,
    () => db.$count(abonnesProchaineEnchere, confirmed),
    (limit, offset) =>
      db
        .select(SUBSCRIBER_COLUMNS)
        .from(abonnesProchaineEnchere)
        .where(confirmed)
        .orderBy(asc(abonnesProchaineEnchere.confirme_le), asc(abonnesProchaineEnchere.id))
        .limit(limit)
        .offset(offset),
  )
  return { rows: rows.map(asSubscriber), info }
}

/**
 * Unsubscribes an address from the back-office (issue #36 §6), as its own one-click link does:
 * the row is deleted with its announcements.
 *
 * @param id - the subscriber's id.
 * @returns the address removed.
 * @throws UseCaseError not-found ('Inscription introuvable.') for a malformed or unknown id.
 */
export async function removeNextAuctionSubscriber(id: string): Promise<{ email: string }> {
  const gone = 'Inscription introuvable.'
  if (!isUuid(id)) throw notFound(gone)
  const [row] = await getDb()
    .delete(abonnesProchaineEnchere)
    .where(eq(abonnesProchaineEnchere.id, id))
    .returning({ email: abonnesProchaineEnchere.email })
  if (!row) throw notFound(gone)
  return row
}

/** Rows read per query of the CSV export. */
const CSV_CHUNK_ROWS = 500

/**
 * The confirmed subscribers as CSV (issue #36 §6: `email,confirme_le`, times in ISO 8601 UTC, a
 * byte-order mark for spreadsheets), oldest confirmation first, produced a chunk of
 * {@link CSV_CHUNK_ROWS} at a time by keyset (no transaction held while a slow client reads), so
 * memory holds one chunk whatever the list's size. A row deleted while its chunk is the last sent
 * ends the file there.
 *
 * @returns an async iterable of CSV text pieces, header first.
 * @throws the database error while iterating.
 */
export async function* streamNextAuctionSubscribersCsv(): AsyncGenerator<string> {
  yield '\uFEFFemail,confirme_le\r\n'
  let after: string | null = null
  for (;;) {
    const rows: NextAuctionSubscriber[] = (
      await getDb()
        .select(SUBSCRIBER_COLUMNS)
        .from(abonnesProchaineEnchere)
        .where(
          and(
            confirmed,
            // After the last row sent, compared as stored (microseconds a JavaScript date would lose).
            after
              ? sql`(${abonnesProchaineEnchere.confirme_le}, ${abonnesProchaineEnchere.id}) >
                  (select a.confirme_le, a.id from abonnes_prochaine_enchere a where a.id = ${after})`
              : undefined,
          ),
        )
        .orderBy(asc(abonnesProchaineEnchere.confirme_le), asc(abonnesProchaineEnchere.id))
        .limit(CSV_CHUNK_ROWS)
    ).map(asSubscriber)
    if (rows.length === 0) return
    yield rows
      .map((row) =>
        csvLine({ email: row.email, confirme_le: row.confirme_le.toISOString() }, ['email', 'confirme_le']),
      )
      .join('')
    if (rows.length < CSV_CHUNK_ROWS) return
    after = rows.at(-1)?.id ?? null
  }
}
