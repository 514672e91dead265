CREATE TABLE "abonnes_prochaine_enchere" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"jeton_confirmation" text,
	"confirmation_expire_le" timestamp with time zone,
	"confirme_le" timestamp with time zone,
	"jeton_desinscription" text NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abonnes_prochaine_enchere_email_check" CHECK (position('@' in "abonnes_prochaine_enchere"."email") > 1)
);
--> statement-breakpoint
CREATE TABLE "annonces_enchere" (
	"enchere_id" uuid NOT NULL,
	"abonne_id" uuid NOT NULL,
	"envoye_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annonces_enchere_enchere_id_abonne_id_pk" PRIMARY KEY("enchere_id","abonne_id")
);
--> statement-breakpoint
CREATE TABLE "rappels_enchere" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enchere_id" uuid NOT NULL,
	"email" text NOT NULL,
	"jeton" text NOT NULL,
	"dix_minutes" boolean DEFAULT false NOT NULL,
	"une_heure_envoye_le" timestamp with time zone DEFAULT now() NOT NULL,
	"dix_minutes_envoye_le" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "emails_sortants" ADD COLUMN "entetes" jsonb;--> statement-breakpoint
ALTER TABLE "annonces_enchere" ADD CONSTRAINT "annonces_enchere_enchere_id_encheres_id_fk" FOREIGN KEY ("enchere_id") REFERENCES "public"."encheres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annonces_enchere" ADD CONSTRAINT "annonces_enchere_abonne_id_abonnes_prochaine_enchere_id_fk" FOREIGN KEY ("abonne_id") REFERENCES "public"."abonnes_prochaine_enchere"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rappels_enchere" ADD CONSTRAINT "rappels_enchere_enchere_id_encheres_id_fk" FOREIGN KEY ("enchere_id") REFERENCES "public"."encheres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abonnes_prochaine_enchere_email_idx" ON "abonnes_prochaine_enchere" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "abonnes_prochaine_enchere_confirmation_idx" ON "abonnes_prochaine_enchere" USING btree ("jeton_confirmation");--> statement-breakpoint
CREATE UNIQUE INDEX "abonnes_prochaine_enchere_desinscription_idx" ON "abonnes_prochaine_enchere" USING btree ("jeton_desinscription");--> statement-breakpoint
CREATE INDEX "abonnes_prochaine_enchere_confirmes_idx" ON "abonnes_prochaine_enchere" USING btree ("confirme_le") WHERE "abonnes_prochaine_enchere"."confirme_le" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rappels_enchere_enchere_email_idx" ON "rappels_enchere" USING btree ("enchere_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "rappels_enchere_jeton_idx" ON "rappels_enchere" USING btree ("jeton");