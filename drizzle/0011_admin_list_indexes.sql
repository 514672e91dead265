-- Issue #35 §2: the back-office lists' searches (accents ignored, any part of a word) use trigram
-- indexes on the very expressions app/services/list-page.server.ts writes (searchText), so an
-- ILIKE stays fast with thousands of rows; the messages' tabs read « unread first, newest first »
-- from one index.
CREATE INDEX "oeuvres_nom_trgm_idx" ON "oeuvres" USING gin (encre_unaccent("nom") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_nom_trgm_idx" ON "articles" USING gin (encre_unaccent("titre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "evenements_nom_trgm_idx" ON "evenements" USING gin (encre_unaccent("titre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "episodes_podcast_nom_trgm_idx" ON "episodes_podcast" USING gin (encre_unaccent("titre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "photos_atelier_nom_trgm_idx" ON "photos_atelier" USING gin (encre_unaccent("nom") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_nom_trgm_idx" ON "contact_messages" USING gin (
  encre_unaccent(coalesce("email", '') || ' ' || coalesce("nom", '') || ' ' || coalesce("prenom", '') || ' ' || coalesce("sujet", '')) gin_trgm_ops
);--> statement-breakpoint
CREATE INDEX "contact_messages_onglets_idx" ON "contact_messages" ("archive", "lu", "cree_le" DESC, "id" DESC);
