/**
 * The messages' bulk actions at size (issue #35: on 20,000 messages in ≤ 5 s), run by
 * bench/scale.ts as a child on a scratch database (DATA_DIR or DATABASE_URL), server stopped, after
 * everything else: as the artist would clear a spam wave from /admin/messages, « marquer comme lu »
 * then « archiver » every message of the « tous » tab, then « supprimer » every archived one
 * (`applyToContactMessages`, the service of the screen's bulk action). Prints one JSON line:
 * `{ steps: [{ operation, messages, seconds }] }`. Not a test: a measure; it empties the table.
 */
import { openConfiguredDatabase, setDatabase } from '#app/db/client.server'
import { getEnv } from '#app/env.server'
import {
  applyToContactMessages,
  type MessageBulkOperation,
  type MessageBulkTarget,
} from '#app/services/contact/list-contact-messages.server'
import { print } from './support'

const opened = await openConfiguredDatabase(getEnv())
setDatabase(opened)
const steps: Array<{ operation: MessageBulkOperation; messages: number; seconds: number }> = []
const plan: Array<[MessageBulkOperation, MessageBulkTarget]> = [
  ['lire', { filter: 'tous', q: '' }],
  ['archiver', { filter: 'tous', q: '' }],
  ['supprimer', { filter: 'archives', q: '' }],
]
try {
  for (const [operation, target] of plan) {
    const started = performance.now()
    const messages = await applyToContactMessages(operation, target)
    steps.push({ operation, messages, seconds: (performance.now() - started) / 1000 })
  }
  print(JSON.stringify({ steps }))
} finally {
  await opened.close()
}
