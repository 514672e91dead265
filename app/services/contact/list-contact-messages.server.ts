import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import { type Executor, getDb } from '#app/db/client.server'
import { contactMessages, oeuvres } from '#app/db/schema'
import type { MessageFilter } from '#app/lib/admin/message-schema'

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

/** How many messages each tab holds (archived ones only count in 'archives'). */
export type ContactMessageCounts = Record<MessageFilter, number>

const CONDITIONS: Record<MessageFilter, SQL | undefined> = {
  tous: eq(contactMessages.archive, false),
  'non-lus': and(eq(contactMessages.archive, false), eq(contactMessages.lu, false)),
  lus: and(eq(contactMessages.archive, false), eq(contactMessages.lu, true)),
  archives: eq(contactMessages.archive, true),
}

/**
 * The contact messages of one tab, newest first (back-office spec §2 "Contact messages", §7
 * "contact_messages: select ordered by cree_le descending, filters on lu and archive"), and the
 * count of every tab. Archived messages appear only under 'archives'; 'tous', 'non-lus' and 'lus'
 * hold the messages not archived. Each names the artwork it asks about, if any (issue #11 §4).
 *
 * @param filter - the tab: 'tous', 'non-lus', 'lus' or 'archives'.
 * @returns `{ messages, counts }`.
 */
export async function listContactMessages(
  filter: MessageFilter,
  executor: Executor = getDb(),
): Promise<{ messages: AdminContactMessage[]; counts: ContactMessageCounts }> {
  const [rows, [totals]] = await Promise.all([
    executor
      .select({ row: contactMessages, oeuvreNom: oeuvres.nom })
      .from(contactMessages)
      .leftJoin(oeuvres, eq(oeuvres.id, contactMessages.oeuvre_id))
      .where(CONDITIONS[filter])
      .orderBy(desc(contactMessages.cree_le), desc(contactMessages.id)),
    executor
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
      .from(contactMessages),
  ])
  return {
    messages: rows.map(({ row, oeuvreNom }) => ({
      id: row.id,
      sujet: row.sujet,
      nom: row.nom,
      prenom: row.prenom,
      email: row.email,
      telephone: row.telephone,
      message: row.message,
      lu: row.lu,
      archive: row.archive,
      cree_le: row.cree_le.toISOString(),
      oeuvre: row.oeuvre_id && oeuvreNom !== null ? { id: row.oeuvre_id, nom: oeuvreNom } : null,
    })),
    counts: {
      tous: totals?.tous ?? 0,
      'non-lus': totals?.nonLus ?? 0,
      lus: totals?.lus ?? 0,
      archives: totals?.archives ?? 0,
    },
  }
}
