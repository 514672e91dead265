ALTER TABLE "encheres" ADD COLUMN "resume_mises_jusqu_a" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mises" ADD COLUMN "automatique" boolean DEFAULT false NOT NULL;