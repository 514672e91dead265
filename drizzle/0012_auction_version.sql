ALTER TABLE "encheres" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every update and new insert of an auction row gives it a new version (issue #34 §1), from one
-- sequence, so a version is never seen twice, even on a row deleted and inserted again by an
-- import (a restore, made with the servers stopped, puts back the archived version). A bid batch
-- decided from an instance's memory is written only while the row still has the version it
-- remembers, whoever changed it since (another instance's batch, a validation, the closing job,
-- the back office).
CREATE SEQUENCE IF NOT EXISTS "encheres_version_seq";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "encre_version_enchere"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A row inserted with a version of its own (a restore puts back the archived one) keeps it.
  IF TG_OP = 'UPDATE' OR NEW.version = 0 THEN
    NEW.version := nextval('encheres_version_seq');
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "encheres_version" BEFORE INSERT OR UPDATE ON "encheres" FOR EACH ROW EXECUTE FUNCTION "encre_version_enchere"();--> statement-breakpoint
-- The guard of the previous bid desk (drizzle/0007), replaced by the version.
DROP FUNCTION IF EXISTS "encre_exiger_enchere_inchangee"(boolean);
