-- Issue #35 §3: each searchable table stores its French full-text document (title weighted A,
-- other texts B, encre_fr) in a generated column with its GIN index, instead of an expression
-- index: checking a match and ranking by the title read the stored words rather than running
-- to_tsvector again on every match (app/db/schema/search.ts). The column is SQL-only: the app's
-- drizzle tables do not declare it, so no select or returning carries it.
DROP INDEX "articles_recherche_idx";--> statement-breakpoint
DROP INDEX "episodes_podcast_recherche_idx";--> statement-breakpoint
DROP INDEX "evenements_recherche_idx";--> statement-breakpoint
DROP INDEX "oeuvres_recherche_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "recherche" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('encre_fr'::regconfig, coalesce("titre", '')), 'A') || setweight(to_tsvector('encre_fr'::regconfig, left(coalesce("sous_titre", ''), 100000) || ' ' || left(coalesce("extrait", ''), 100000) || ' ' || left(coalesce("contenu", ''), 100000)), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "episodes_podcast" ADD COLUMN "recherche" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('encre_fr'::regconfig, coalesce("titre", '')), 'A') || setweight(to_tsvector('encre_fr'::regconfig, left(coalesce("resume", ''), 100000) || ' ' || left(coalesce("description", ''), 100000)), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "evenements" ADD COLUMN "recherche" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('encre_fr'::regconfig, coalesce("titre", '')), 'A') || setweight(to_tsvector('encre_fr'::regconfig, left(coalesce("description", ''), 100000)), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "oeuvres" ADD COLUMN "recherche" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('encre_fr'::regconfig, coalesce("nom", '')), 'A') || setweight(to_tsvector('encre_fr'::regconfig, left(coalesce("description", ''), 100000) || ' ' || left(coalesce("technique", ''), 100000)), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "articles_recherche_idx" ON "articles" USING gin ("recherche");--> statement-breakpoint
CREATE INDEX "episodes_podcast_recherche_idx" ON "episodes_podcast" USING gin ("recherche");--> statement-breakpoint
CREATE INDEX "evenements_recherche_idx" ON "evenements" USING gin ("recherche");--> statement-breakpoint
CREATE INDEX "oeuvres_recherche_idx" ON "oeuvres" USING gin ("recherche");