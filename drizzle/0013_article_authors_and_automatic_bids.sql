-- The bid-rules work (issue #36 §1, §6) adds this column too: whichever lands first adds it.
ALTER TABLE "mises" ADD COLUMN IF NOT EXISTS "automatique" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "modifie_par" text;--> statement-breakpoint
ALTER TABLE "revisions_articles" ADD COLUMN "modifie_par" text;