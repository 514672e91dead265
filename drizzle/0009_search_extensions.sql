-- Issue #35 §2, §3: searches that ignore accents (unaccent) and match parts of words (pg_trgm),
-- in the back-office lists and the public search page. Both are trusted contrib extensions.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it; this wrapper
-- names the dictionary and is IMMUTABLE, the usual way to index accent-free text.
CREATE OR REPLACE FUNCTION encre_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- French full text with accents ignored: « peintures été » finds « Peinture d'ete ».
CREATE TEXT SEARCH CONFIGURATION encre_fr (COPY = french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION encre_fr
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
