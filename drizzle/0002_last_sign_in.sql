ALTER TABLE "user" ADD COLUMN "derniere_connexion" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "connexion_precedente" timestamp with time zone;