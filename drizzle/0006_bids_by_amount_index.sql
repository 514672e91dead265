DROP INDEX "mises_enchere_valides_idx";--> statement-breakpoint
CREATE INDEX "mises_enchere_valides_idx" ON "mises" USING btree ("enchere_id","montant" DESC NULLS FIRST) WHERE "mises"."email_valide";