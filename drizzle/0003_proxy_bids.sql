CREATE TABLE "mises_maximales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enchere_id" uuid NOT NULL,
	"participant_email" text NOT NULL,
	"participant_nom" text NOT NULL,
	"participant_prenom" text NOT NULL,
	"montant_max" numeric(12, 2) NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mises_maximales_montant_check" CHECK ("mises_maximales"."montant_max" > 0)
);
--> statement-breakpoint
ALTER TABLE "mises_maximales" ADD CONSTRAINT "mises_maximales_enchere_id_encheres_id_fk" FOREIGN KEY ("enchere_id") REFERENCES "public"."encheres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mises_maximales_enchere_email_idx" ON "mises_maximales" USING btree ("enchere_id","participant_email");