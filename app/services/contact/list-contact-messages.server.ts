import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { type Executor, getDb, queryRows } from '#app/db/client.server'
import { contactMessages, oeuvres } from '#app/db/schema'
import type { ListParams } from '#app/lib/admin/list-params'
import type { MessageFilter, MessageSort } from '#app/lib/admin/message-schema'
import type { PageInfo } from '#app/lib/pagination'
import { byName, matchesSearch, readListPage } from '#app/services/list-page.server'

/** Messages per page of /admin/messages (issue #35 §2). */
export const MESSAGES_PAGE_SIZE = 20

/** One contact message as /admin/messages shows it. */
export type AdminContactMessage = {
  id: string
  sujet: string
  nom: string
  prenom: string | null
  email: string
  telephone: string | null
  /** Plain text as the visitor typed it. */
  message: string
  lu: boolean
  archive: boolean
  /** ISO instant of reception. */
  cree_le: string
  /** The artwork the message asks about (issue #11 §4), or null (none, or deleted since). */
  oeuvre: { id: string; nom: string } | null
}

/** A search matching at most this many messages is read by sorting its matches (see listContactMessages). */
const FEW_MATCHES = 500

/** The columns /admin/messages reads of a message. */
const MESSAGE_COLUMNS = [
  'id',
  'sujet',
  'nom',
  'prenom',
  'email',
  'telephone',
  'message',
  'lu',
  'archive',
  'cree_le',
  'oeuvre_id',
] as const

/** {@link MESSAGE_COLUMNS} of the table, or of a subquery of it. */
function messageColumns<Source extends Record<(typeof MESSAGE_COLUMNS)[number], unknown>>(
  source: Source,
): Pick<Source, (typeof MESSAGE_COLUMNS)[number]> {
  return Object.fromEntries(MESSAGE_COLUMNS.map((key) => [key, source[key]])) as Pick<
    Source,
    (typeof MESSAGE_COLUMNS)[number]
  >
}

/**
 * The name of the work a message asks about, or null: a subquery the database runs for the page's
 * rows only, after the sort and the limit (a join was planned as a scan of every work when the
 * matches of a search were estimated at a few hundred).
 */
function artworkName(from: 'contact_messages' | 'correspondants') {
  return sql<
    string | null
  >`(select o.nom from ${oeuvres} as o where o.id = ${sql.identifier(from)}.oeuvre_id)`
}

/** How many messages each tab holds (archived ones only count in 'archives'). */
export type ContactMessageCounts = Record<MessageFilter, number>

const CONDITIONS: Record<MessageFilter, SQL | undefined> = {
  tous: eq(contactMessages.archive, false),
  'non-lus': and(eq(contactMessages.archive, false), eq(contactMessages.lu, false)),
  lus: and(eq(contactMessages.archive, false), eq(contactMessages.lu, true)),
  archives: eq(contactMessages.archive, true),
}

/**
 * The text a message search reads: e-mail, name, first name and subject without accents, the
 * column `recherche_liste` GENERATED … STORED by drizzle/0021_admin_message_search.sql with its
 * trigram index. Declared in SQL only, as the public search's columns (app/db/schema/search.ts):
 * no select, insert or `returning` of the app carries it; backups skip generated columns.
 */
const MESSAGE_SEARCH_TEXT = sql`${contactMessages}."recherche_liste"`

/**
 * The messages a tab and a search match (issue #35 §2): what the list shows and what a bulk action
 * on « tous les messages correspondants » touches.
 *
 * @param filter - the tab.
 * @param q - the search ('' for none): e-mail, name or subject, accents ignored.
 */
export function contactMessagesMatching(filter: MessageFilter, q: string): SQL | undefined {
  return and(CONDITIONS[filter], matchesSearch(q, MESSAGE_SEARCH_TEXT))
}

/**
 * One page of the contact messages of a tab (back-office spec §2 "Contact messages", §7; issue #35
 * §2): unread first, then newest first (sort 'date'), or by sender's name (sort 'nom'); matching the
 * search on e-mail, name or subject with accents ignored; and the count of every tab (whatever the
 * search). Archived messages appear only under 'archives'. Each names the artwork it asks about.
 * A page past the end shows the last page.
 *
 * @param filter - the tab: 'tous', 'non-lus', 'lus' or 'archives'.
 * @param params - page, search and sort (from parseListParams; default: page 1, no search, by date).
 * @returns `{ messages, counts, info }`: {@link MESSAGES_PAGE_SIZE} messages at most, the tabs'
 *   counts, and the page shown with the count of matching messages (`info.total`).
 */
export async function listContactMessages(
  filter: MessageFilter,
  params: ListParams<MessageSort> = { page: 1, q: '', sort: 'date' },
  executor: Executor = getDb(),
): Promise<{ messages: AdminContactMessage[]; counts: ContactMessageCounts; info: PageInfo }> {
  const where = contactMessagesMatching(filter, params.q)
  const order =
    params.sort === 'nom'
      ? [
          byName(contactMessages.nom),
          byName(contactMessages.prenom),
          desc(contactMessages.cree_le),
          desc(contactMessages.id),
        ]
      : [asc(contactMessages.lu), desc(contactMessages.cree_le), desc(contactMessages.id)]
  const [{ rows, info }, counts] = await Promise.all([
    readListPage(
      params.page,
      MESSAGES_PAGE_SIZE,
      () => executor.$count(contactMessages, where),
      (limit, offset, total) => {
        if (params.q === '' || params.sort !== 'date' || total > FEW_MATCHES) {
          return executor
            .select({ ...messageColumns(contactMessages), oeuvreNom: artworkName('contact_messages') })
            .from(contactMessages)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset)
        }
        // A search matching few messages: its matches are found first (trigram index), then
        // sorted. Left to itself the planner walks the tabs' index in date order through every
        // message to find 20 matches (28 ms on PGlite for 11 matches among 20,000, against 2 ms);
        // the subquery's LIMIT (far above the count just made) keeps it from merging the two.
        // Many matches are found early along that index: the query above.
        const matching = executor
          .select(messageColumns(contactMessages))
          .from(contactMessages)
          .where(where)
          .limit(2 * FEW_MATCHES)
          .as('correspondants')
        return executor
          .select({ ...messageColumns(matching), oeuvreNom: artworkName('correspondants') })
          .from(matching)
          .orderBy(asc(matching.lu), desc(matching.cree_le), desc(matching.id))
          .limit(limit)
          .offset(offset)
      },
    ),
    countContactMessages(executor),
  ])
  return {
    messages: rows.map(({ oeuvre_id, oeuvreNom, cree_le, ...row }) => ({
      ...row,
      cree_le: cree_le.toISOString(),
      oeuvre: oeuvre_id && oeuvreNom !== null ? { id: oeuvre_id, nom: oeuvreNom } : null,
    })),
    counts,
    info,
  }
}

/** The count of every tab of /admin/messages, in one scan of the narrow index (migration 0010). */
async function countContactMessages(executor: Executor): Promise<ContactMessageCounts> {
  const [totals] = await executor
    .select({
      tous: sql<number>`count(*) filter (where not ${contactMessages.archive})`.mapWith(Number),
      nonLus:
        sql<number>`count(*) filter (where not ${contactMessages.archive} and not ${contactMessages.lu})`.mapWith(
          Number,
        ),
      lus: sql<number>`count(*) filter (where not ${contactMessages.archive} and ${contactMessages.lu})`.mapWith(
        Number,
      ),
      archives: sql<number>`count(*) filter (where ${contactMessages.archive})`.mapWith(Number),
    })
    .from(contactMessages)
  return {
    tous: totals?.tous ?? 0,
    'non-lus': totals?.nonLus ?? 0,
    lus: totals?.lus ?? 0,
    archives: totals?.archives ?? 0,
  }
}

/** What a bulk action on messages does (issue #35 §2). */
export type MessageBulkOperation = 'lire' | 'archiver' | 'supprimer'

/** Which messages a bulk action touches: the ticked ones, or every one the tab and search match. */
export type MessageBulkTarget = { ids: ReadonlyArray<string> } | { filter: MessageFilter; q: string }

/**
 * Marks as read, archives or deletes many contact messages in one SQL statement (issue #35 §2: the
 * spam case, 20,000 messages in well under 5 s): the ticked ids, or every message the tab and the
 * search match at the time of the action (nothing else is touched).
 *
 * @param operation - 'lire' (lu = true), 'archiver' (archive = true) or 'supprimer' (for good).
 * @param target - `{ ids }` (UUIDs; unknown ones are skipped) or `{ filter, q }`.
 * @returns how many messages were changed or deleted.
 */
export async function applyToContactMessages(
  operation: MessageBulkOperation,
  target: MessageBulkTarget,
  executor: Executor = getDb(),
): Promise<number> {
  let where: SQL | undefined
  if ('ids' in target) {
    if (target.ids.length === 0) return 0
    where = inArray(contactMessages.id, [...target.ids])
  } else {
    where = contactMessagesMatching(target.filter, target.q)
  }
  const statement =
    operation === 'supprimer'
      ? executor.delete(contactMessages).where(where).returning({ id: contactMessages.id })
      : executor
          .update(contactMessages)
          .set(operation === 'lire' ? { lu: true } : { archive: true })
          .where(
            and(
              where,
              operation === 'lire' ? eq(contactMessages.lu, false) : eq(contactMessages.archive, false),
            ),
          )
          .returning({ id: contactMessages.id })
  // Counted in the database: the ids never travel (20,000 of them for a spam wave).
  const [answer] = await queryRows<{ n: number | string }>(
    executor,
    sql`with touched as ${statement} select count(*) as n from touched`,
  )
  return Number(answer?.n ?? 0)
}
