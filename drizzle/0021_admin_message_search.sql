-- Issue #35 §2, searching /admin/messages at 100×. The text a message search reads (e-mail, name,
-- first name, subject, accents removed: app/services/contact/list-contact-messages.server.ts) is
-- stored with each row rather than computed from it: a search matching most of 20,000 messages
-- (« exemple.fr ») counted them by running `encre_unaccent` on every row, 136 ms on PostgreSQL; on
-- the stored text the same count is 13 ms. The trigram index moves to the stored text. The table
-- is analyzed at once: without statistics on the new column the planner took a search matching
-- every message for a handful of rows and sorted all 20,000 for a page of 20 (44 ms on PGlite)
-- instead of walking the tabs' index (5 ms).
ALTER TABLE "contact_messages" ADD COLUMN "recherche_liste" text GENERATED ALWAYS AS (encre_unaccent(coalesce("email", '') || ' ' || coalesce("nom", '') || ' ' || coalesce("prenom", '') || ' ' || coalesce("sujet", ''))) STORED;--> statement-breakpoint
DROP INDEX "contact_messages_nom_trgm_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_recherche_liste_idx" ON "contact_messages" USING gin ("recherche_liste" gin_trgm_ops);--> statement-breakpoint
ANALYZE "contact_messages";
