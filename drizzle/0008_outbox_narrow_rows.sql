-- Custom SQL migration file, put your code below! --
-- The outbox's rows stay narrow (issue #10 §2, decision 032): in a bidding war it gains two
-- e-mails a second per accepted bid, each with its HTML and text (about 20 kB), and the embedded
-- database's table maintenance (app/db/table-maintenance.server.ts) analyzed it every 30 s by
-- reading them all: about 100 ms of the only thread, during which bids waited.
-- 1. The bodies go to the TOAST table as soon as a row passes 128 bytes, so the table itself holds
--    a few hundred bytes a row, which VACUUM and ANALYZE read.
ALTER TABLE "emails_sortants" SET (toast_tuple_target = 128);--> statement-breakpoint
-- 2. No query filters or sorts on these columns (only on id, statut and prochaine_tentative_le):
--    ANALYZE collects no statistics on them, and samples 3,000 rows instead of 30,000.
ALTER TABLE "emails_sortants" ALTER COLUMN "modele" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "destinataire" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "sujet" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "html" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "texte" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "reponse_a" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "donnees" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "entetes" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "derniere_erreur" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "tentatives" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "envoye_le" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "cree_le" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "id" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "statut" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "emails_sortants" ALTER COLUMN "prochaine_tentative_le" SET STATISTICS 10;
