CREATE TABLE "revisions_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"titre" text NOT NULL,
	"sous_titre" text,
	"extrait" text,
	"contenu" text NOT NULL,
	"image_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"type" text NOT NULL,
	"modifie_le" timestamp with time zone NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vues_articles" (
	"article_id" uuid NOT NULL,
	"jour" date NOT NULL,
	"vues" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vues_articles_article_id_jour_pk" PRIMARY KEY("article_id","jour"),
	CONSTRAINT "vues_articles_vues_check" CHECK ("vues_articles"."vues" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "oeuvre_id" uuid;--> statement-breakpoint
ALTER TABLE "revisions_articles" ADD CONSTRAINT "revisions_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vues_articles" ADD CONSTRAINT "vues_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revisions_articles_article_idx" ON "revisions_articles" USING btree ("article_id","cree_le" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vues_articles_jour_idx" ON "vues_articles" USING btree ("jour");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_oeuvre_id_oeuvres_id_fk" FOREIGN KEY ("oeuvre_id") REFERENCES "public"."oeuvres"("id") ON DELETE set null ON UPDATE no action;