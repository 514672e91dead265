// `npx tsx scripts/seed.ts`: applies the migrations, then seeds the demo content when the
// database (DATABASE_URL, or the embedded one in DATA_DIR, which must not be open in a running
// server) has no content yet — what the server's seed process does (seedDemoDatabase). Prints how
// long it took, to keep an eye on the first-start time.
import '#app/env-file.server'
import { seedDemoDatabase } from '#app/runtime.server'

try {
  const started = Date.now()
  const seeded = await seedDemoDatabase()
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.warn(
    seeded
      ? `Contenu de démonstration créé en ${seconds} s.`
      : 'La base contient déjà du contenu : rien n’a été ajouté.',
  )
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
