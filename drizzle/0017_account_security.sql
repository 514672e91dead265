CREATE TABLE "appareils_connus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"appareil" text NOT NULL,
	"premiere_connexion" timestamp with time zone DEFAULT now() NOT NULL,
	"derniere_connexion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"entite" text NOT NULL,
	"entite_id" text,
	"action" text NOT NULL,
	"champs" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "appareils_connus" ADD CONSTRAINT "appareils_connus_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_audit" ADD CONSTRAINT "journal_audit_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appareils_connus_user_appareil_idx" ON "appareils_connus" USING btree ("user_id","appareil");--> statement-breakpoint
CREATE INDEX "journal_audit_cree_le_idx" ON "journal_audit" USING btree ("cree_le" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_audit_user_idx" ON "journal_audit" USING btree ("user_id","cree_le" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_audit_entite_idx" ON "journal_audit" USING btree ("entite","cree_le" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "journal_audit_entite_id_idx" ON "journal_audit" USING btree ("entite_id","cree_le" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");