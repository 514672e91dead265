ALTER TABLE "evenements" ADD COLUMN "lieu" text;--> statement-breakpoint
ALTER TABLE "evenements" ADD COLUMN "lieu_adresse" text;