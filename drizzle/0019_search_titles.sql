-- Issue #35 §3, the public search at 100×. Two changes, both read by app/services/search:
-- 1. Each searchable document (`recherche`, drizzle/0013) is kept in its row, compressed
--    (STORAGE MAIN) rather than moved out to the TOAST table beside a long article's text: a search
--    checks every row's document, and fetching it from TOAST made a word found in 6,339 rows cost
--    12,000 buffer reads instead of 560 for the articles alone.
-- 2. Each table also stores its title's French words alone (`recherche_titre`), which ranks a
--    match by its title without reading the whole document.
-- Adding a stored generated column rewrites the table, which stores the documents anew under
-- their new storage: the storage is set first.
ALTER TABLE "articles" ALTER COLUMN "recherche" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "episodes_podcast" ALTER COLUMN "recherche" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "evenements" ALTER COLUMN "recherche" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "oeuvres" ALTER COLUMN "recherche" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "recherche_titre" tsvector GENERATED ALWAYS AS (to_tsvector('encre_fr'::regconfig, coalesce("titre", ''))) STORED;--> statement-breakpoint
ALTER TABLE "episodes_podcast" ADD COLUMN "recherche_titre" tsvector GENERATED ALWAYS AS (to_tsvector('encre_fr'::regconfig, coalesce("titre", ''))) STORED;--> statement-breakpoint
ALTER TABLE "evenements" ADD COLUMN "recherche_titre" tsvector GENERATED ALWAYS AS (to_tsvector('encre_fr'::regconfig, coalesce("titre", ''))) STORED;--> statement-breakpoint
ALTER TABLE "oeuvres" ADD COLUMN "recherche_titre" tsvector GENERATED ALWAYS AS (to_tsvector('encre_fr'::regconfig, coalesce("nom", ''))) STORED;
