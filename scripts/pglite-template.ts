// `postinstall`: makes the empty embedded database that new data folders start from (once per
// installed PGlite version; app/db/client.server.ts, createPgliteTemplate). Without it, PGlite
// runs its own initdb at a first start, with more than twice the memory.
import { createPgliteTemplate, PGLITE_TEMPLATE_PATH } from '#app/db/client.server'

try {
  if (await createPgliteTemplate()) console.warn(`Base embarquée vide préparée : ${PGLITE_TEMPLATE_PATH}`)
} catch (error) {
  // Not fatal: a new database is then created by PGlite itself.
  console.warn(
    `Base embarquée vide non préparée (${(error as Error).message}) : PGlite la créera au premier démarrage.`,
  )
}
