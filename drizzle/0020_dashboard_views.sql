-- Issue #35 §2: caches of vues_articles for the dashboard, so its 30-day chart and most-read
-- articles read one row a finished day and one row an article, not one row per article and day
-- (app/services/dashboard/article-views.server.ts).
CREATE TABLE "vues_articles_periode" (
	"calcule_pour" date NOT NULL,
	"article_id" uuid NOT NULL,
	"vues" integer NOT NULL,
	CONSTRAINT "vues_articles_periode_calcule_pour_article_id_pk" PRIMARY KEY("calcule_pour","article_id")
);
--> statement-breakpoint
CREATE TABLE "vues_jours" (
	"jour" date PRIMARY KEY NOT NULL,
	"vues" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vues_articles_periode" ADD CONSTRAINT "vues_articles_periode_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;