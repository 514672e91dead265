ALTER TABLE "encheres" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every update of an auction row raises its version (issue #34 §1): a bid batch decided from an
-- instance's memory is written only while the row still has the version it remembers, whoever
-- changed it since (another instance's batch, a validation, the closing job, the back office).
CREATE OR REPLACE FUNCTION "encre_version_enchere"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "encheres_version" BEFORE UPDATE ON "encheres" FOR EACH ROW EXECUTE FUNCTION "encre_version_enchere"();--> statement-breakpoint
-- The guard of the previous bid desk (drizzle/0007), replaced by the version.
DROP FUNCTION IF EXISTS "encre_exiger_enchere_inchangee"(boolean);
