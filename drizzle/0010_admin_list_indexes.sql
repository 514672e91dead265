-- Issue #35 §2: the back-office lists' searches (accents ignored, any part of a word) use trigram
-- indexes on the very expressions app/services/list-page.server.ts writes (searchText), so an
-- ILIKE stays fast with thousands of rows; the messages' tabs read « unread first, newest first »
-- from one index.
CREATE INDEX IF NOT EXISTS "oeuvres_recherche_idx" ON "oeuvres" USING gin (encre_unaccent("nom") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "articles_recherche_idx" ON "articles" USING gin (encre_unaccent("titre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "evenements_recherche_idx" ON "evenements" USING gin (encre_unaccent("titre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "episodes_podcast_recherche_idx" ON "episodes_podcast" USING gin (encre_unaccent("titre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_atelier_recherche_idx" ON "photos_atelier" USING gin (encre_unaccent("nom") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_recherche_idx" ON "contact_messages" USING gin (
  encre_unaccent(coalesce("email", '') || ' ' || coalesce("nom", '') || ' ' || coalesce("prenom", '') || ' ' || coalesce("sujet", '')) gin_trgm_ops
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_messages_onglets_idx" ON "contact_messages" ("archive", "lu", "cree_le" DESC, "id" DESC);
