// Child process for the PGlite safety test: opens the embedded database in DATA_DIR, migrates,
// prints "ready", then inserts contact messages forever (until it is killed).
import { openDatabase } from '#app/db/client.server'
import { contactMessages } from '#app/db/schema'

const dataDir = process.env.WRITER_DATA_DIR
if (!dataDir) throw new Error('WRITER_DATA_DIR manquant')
const opened = await openDatabase({ dataDir })
await opened.migrate()
process.stdout.write('ready\n')
for (let i = 0; ; i++) {
  await opened.db.insert(contactMessages).values({ nom: `n${i}`, email: 'a@b.fr', sujet: 's', message: 'm' })
  if (i % 20 === 0) process.stdout.write(`wrote ${i}\n`)
}
