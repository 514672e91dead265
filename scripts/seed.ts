// `npx tsx scripts/seed.ts`: applies the migrations, then seeds the demo content when the
// database (DATABASE_URL, or the embedded one in DATA_DIR, which must not be open in a running
// server) has no content yet. Prints how long it took, to keep an eye on the first-start time.
import { openDatabase, setDatabase } from '#app/db/client.server'
import { seedDemoIfEmpty } from '#app/db/seed/seed-demo.server'
import { getEnv } from '#app/env.server'

try {
  const env = getEnv()
  const opened = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR_ABS,
  })
  setDatabase(opened)
  try {
    await opened.migrate()
    const started = Date.now()
    const seeded = await seedDemoIfEmpty()
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.warn(
      seeded
        ? `Contenu de démonstration créé en ${seconds} s.`
        : 'La base contient déjà du contenu : rien n’a été ajouté.',
    )
  } finally {
    setDatabase(undefined)
    await opened.close()
  }
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
