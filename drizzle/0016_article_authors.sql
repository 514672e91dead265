ALTER TABLE "articles" ADD COLUMN "modifie_par" text;--> statement-breakpoint
ALTER TABLE "revisions_articles" ADD COLUMN "modifie_par" text;