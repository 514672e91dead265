import { type Executor, getDb } from '#app/db/client.server'
import { journalAudit } from '#app/db/schema'

/** One change of the back-office, as the audit log keeps it (issue #37 §3). */
export type AuditEntryInput = {
  /** The author's account id. */
  userId: string
  /** The author's address, kept as it was. */
  email: string
  /** The table the change writes, e.g. 'oeuvres' (`auditEntityOf` of app/lib/admin/audit.ts). */
  entite: string
  /** The row's id or a setting's key; null when the change names none (a bulk action). */
  entiteId: string | null
  /** The intent, e.g. 'update'. */
  action: string
  /** Names of the fields sent (never their values); duplicates are dropped. */
  champs: ReadonlyArray<string>
}

/** Longest id or field name kept, in characters: the log never holds a text. */
const MAX_NAME_LENGTH = 200
/** Most field names kept for one change. */
const MAX_FIELDS = 60

/**
 * Records one back-office change in `journal_audit` (issue #37 §3): who, when (the database's
 * clock), what. Names are cut to 200 characters and 60 fields, so a forged form cannot store a
 * text through them.
 *
 * @param entry - see {@link AuditEntryInput}.
 * @param executor - the database or a transaction.
 * @throws the database's error when the row cannot be written.
 */
export async function recordAuditEntry(entry: AuditEntryInput, executor: Executor = getDb()): Promise<void> {
  const cut = (value: string) => value.slice(0, MAX_NAME_LENGTH)
  await executor.insert(journalAudit).values({
    user_id: entry.userId,
    email: cut(entry.email),
    entite: cut(entry.entite),
    entite_id: entry.entiteId === null ? null : cut(entry.entiteId),
    action: cut(entry.action),
    champs: [...new Set(entry.champs.map(cut))].slice(0, MAX_FIELDS),
  })
}
