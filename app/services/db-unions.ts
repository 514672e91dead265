import type { articles, EVENEMENT_TYPES, OEUVRE_STATUTS } from '#app/db/schema'
import type { ArticleStatut } from '#app/lib/admin/article-schema'
import type { ArticleType } from '#app/lib/article-types'
import type { ArtworkStatut } from '#app/lib/artwork-display'
import type { EvenementType } from '#app/lib/timeline-filters'

/**
 * The unions lib declares for the browser and the forms are the table's: lib never imports db
 * (issue #9 §3), so this compile-time check, on the side that sees both, fails `npm run typecheck`
 * when a column's values and lib's copy part.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** Each entry type-checks only when lib's union equals the column's. */
export const LIB_UNIONS_ARE_THE_TABLES: [
  Same<ArticleStatut, (typeof articles.$inferSelect)['statut']>,
  Same<ArticleType, (typeof articles.$inferSelect)['type']>,
  Same<ArtworkStatut, (typeof OEUVRE_STATUTS)[number]>,
  Same<EvenementType, (typeof EVENEMENT_TYPES)[number]>,
] = [true, true, true, true]
