CREATE TABLE "encheres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"oeuvre_id" uuid,
	"nom" text NOT NULL,
	"description" text,
	"prix_depart" numeric(12, 2) NOT NULL,
	"prix_reserve" numeric(12, 2),
	"prix_actuel" numeric(12, 2) NOT NULL,
	"date_debut" timestamp with time zone NOT NULL,
	"date_fin" timestamp with time zone NOT NULL,
	"statut" text DEFAULT 'programme' NOT NULL,
	"lien_prive" text NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encheres_statut_check" CHECK ("encheres"."statut" in ('programme', 'active', 'termine_prix_atteint', 'termine_prix_non_atteint', 'annulee')),
	CONSTRAINT "encheres_prix_depart_check" CHECK ("encheres"."prix_depart" >= 1),
	CONSTRAINT "encheres_prix_reserve_check" CHECK ("encheres"."prix_reserve" is null or "encheres"."prix_reserve" >= 1),
	CONSTRAINT "encheres_prix_actuel_check" CHECK ("encheres"."prix_actuel" >= "encheres"."prix_depart"),
	CONSTRAINT "encheres_dates_check" CHECK ("encheres"."date_fin" > "encheres"."date_debut")
);
--> statement-breakpoint
CREATE TABLE "mises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enchere_id" uuid NOT NULL,
	"participant_email" text NOT NULL,
	"participant_nom" text NOT NULL,
	"participant_prenom" text NOT NULL,
	"montant" numeric(12, 2) NOT NULL,
	"email_valide" boolean DEFAULT false NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mises_montant_check" CHECK ("mises"."montant" > 0)
);
--> statement-breakpoint
CREATE TABLE "validations_email" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"enchere_id" uuid,
	"valide" boolean DEFAULT false NOT NULL,
	"expire_le" timestamp with time zone NOT NULL,
	"utilise_le" timestamp with time zone,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"nom" text,
	"prenom" text,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"titre" text NOT NULL,
	"sous_titre" text,
	"extrait" text,
	"contenu" text NOT NULL,
	"image_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_publication" timestamp with time zone,
	"nombre_vues" integer DEFAULT 0 NOT NULL,
	"statut" text DEFAULT 'brouillon' NOT NULL,
	"affiche" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'article' NOT NULL,
	"auteur_id" text,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "articles_statut_check" CHECK ("articles"."statut" in ('brouillon', 'publie', 'archive')),
	CONSTRAINT "articles_type_check" CHECK ("articles"."type" in ('article', 'tutorial', 'news', 'inspiration', 'technique')),
	CONSTRAINT "articles_nombre_vues_check" CHECK ("articles"."nombre_vues" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	"description" text,
	"image_url" text,
	"affichee" boolean DEFAULT true NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	"prenom" text,
	"email" text NOT NULL,
	"telephone" text,
	"sujet" text NOT NULL,
	"message" text NOT NULL,
	"lu" boolean DEFAULT false NOT NULL,
	"archive" boolean DEFAULT false NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episodes_podcast" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"saison_id" uuid,
	"titre" text NOT NULL,
	"resume" text,
	"description" text,
	"transcription" text,
	"image_url" text,
	"date_publication" timestamp with time zone,
	"duree" text,
	"code_player_html" text,
	"publie" boolean DEFAULT false NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evenements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titre" text NOT NULL,
	"description" text,
	"image_url" text,
	"date_evenement" date NOT NULL,
	"annee" integer NOT NULL,
	"type" text DEFAULT 'projet' NOT NULL,
	"affiche" boolean DEFAULT true NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evenements_type_check" CHECK ("evenements"."type" in ('exposition', 'prix', 'formation', 'collaboration', 'projet', 'autre'))
);
--> statement-breakpoint
CREATE TABLE "oeuvres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	"description" text,
	"prix" numeric(12, 2),
	"statut" text DEFAULT 'disponible' NOT NULL,
	"technique" text,
	"dimensions" text,
	"annee" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"categorie_id" uuid,
	"affichee" boolean DEFAULT true NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"image1_url" text,
	"image2_url" text,
	"image3_url" text,
	"image4_url" text,
	"image5_url" text,
	"image6_url" text,
	"image7_url" text,
	"image8_url" text,
	"image9_url" text,
	"image10_url" text,
	CONSTRAINT "oeuvres_statut_check" CHECK ("oeuvres"."statut" in ('disponible', 'vendu', 'collection privée', 'me contacter')),
	CONSTRAINT "oeuvres_prix_check" CHECK ("oeuvres"."prix" is null or "oeuvres"."prix" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pages_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_name" text NOT NULL,
	"menu_name" text,
	"page_url" text,
	"menu_order" integer DEFAULT 0 NOT NULL,
	"show_in_menu" boolean DEFAULT true NOT NULL,
	"titre" text,
	"description" text,
	"image_url" text,
	"image_height" text,
	"image_width" text,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_config_page_name_unique" UNIQUE("page_name")
);
--> statement-breakpoint
CREATE TABLE "photos_atelier" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text,
	"description" text,
	"image_url" text NOT NULL,
	"taille" text DEFAULT 'medium' NOT NULL,
	"affichee" boolean DEFAULT true NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_atelier_taille_check" CHECK ("photos_atelier"."taille" in ('small', 'medium', 'large', 'xlarge'))
);
--> statement-breakpoint
CREATE TABLE "saisons_podcast" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nom" text NOT NULL,
	"description" text,
	"image_url" text,
	"affichee" boolean DEFAULT true NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" text,
	"setting_type" text DEFAULT 'text' NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	"modifie_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_setting_key_unique" UNIQUE("setting_key")
);
--> statement-breakpoint
CREATE TABLE "emails_sortants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"modele" text NOT NULL,
	"destinataire" text NOT NULL,
	"sujet" text NOT NULL,
	"html" text NOT NULL,
	"texte" text NOT NULL,
	"reponse_a" text,
	"donnees" jsonb,
	"statut" text DEFAULT 'en_attente' NOT NULL,
	"tentatives" integer DEFAULT 0 NOT NULL,
	"prochaine_tentative_le" timestamp with time zone DEFAULT now() NOT NULL,
	"derniere_erreur" text,
	"envoye_le" timestamp with time zone,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"dossier" text NOT NULL,
	"nom_original" text,
	"mime" text NOT NULL,
	"largeur" integer NOT NULL,
	"hauteur" integer NOT NULL,
	"octets" integer NOT NULL,
	"variantes" jsonb NOT NULL,
	"cree_le" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medias_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "encheres" ADD CONSTRAINT "encheres_oeuvre_id_oeuvres_id_fk" FOREIGN KEY ("oeuvre_id") REFERENCES "public"."oeuvres"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mises" ADD CONSTRAINT "mises_enchere_id_encheres_id_fk" FOREIGN KEY ("enchere_id") REFERENCES "public"."encheres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validations_email" ADD CONSTRAINT "validations_email_enchere_id_encheres_id_fk" FOREIGN KEY ("enchere_id") REFERENCES "public"."encheres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes_podcast" ADD CONSTRAINT "episodes_podcast_saison_id_saisons_podcast_id_fk" FOREIGN KEY ("saison_id") REFERENCES "public"."saisons_podcast"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oeuvres" ADD CONSTRAINT "oeuvres_categorie_id_categories_id_fk" FOREIGN KEY ("categorie_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "encheres_lien_prive_idx" ON "encheres" USING btree ("lien_prive");--> statement-breakpoint
CREATE UNIQUE INDEX "encheres_une_seule_active_idx" ON "encheres" USING btree ("statut") WHERE "encheres"."statut" = 'active';--> statement-breakpoint
CREATE INDEX "encheres_cree_le_idx" ON "encheres" USING btree ("cree_le" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mises_enchere_valides_idx" ON "mises" USING btree ("enchere_id","montant" DESC NULLS LAST) WHERE "mises"."email_valide";--> statement-breakpoint
CREATE UNIQUE INDEX "validations_email_token_idx" ON "validations_email" USING btree ("token");--> statement-breakpoint
CREATE INDEX "validations_email_enchere_email_idx" ON "validations_email" USING btree ("enchere_id","email");--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "articles_public_idx" ON "articles" USING btree ("date_publication" DESC NULLS LAST) WHERE "articles"."statut" = 'publie' and "articles"."affiche";--> statement-breakpoint
CREATE INDEX "articles_tags_idx" ON "articles" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "articles_modifie_le_idx" ON "articles" USING btree ("modifie_le" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "categories_public_idx" ON "categories" USING btree ("ordre","nom") WHERE "categories"."affichee";--> statement-breakpoint
CREATE INDEX "contact_messages_cree_le_idx" ON "contact_messages" USING btree ("cree_le" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "episodes_podcast_saison_public_idx" ON "episodes_podcast" USING btree ("saison_id","ordre") WHERE "episodes_podcast"."publie";--> statement-breakpoint
CREATE INDEX "evenements_public_idx" ON "evenements" USING btree ("date_evenement" DESC NULLS LAST) WHERE "evenements"."affiche";--> statement-breakpoint
CREATE INDEX "oeuvres_categorie_public_idx" ON "oeuvres" USING btree ("categorie_id","ordre","nom") WHERE "oeuvres"."affichee";--> statement-breakpoint
CREATE INDEX "pages_config_menu_idx" ON "pages_config" USING btree ("menu_order") WHERE "pages_config"."show_in_menu";--> statement-breakpoint
CREATE INDEX "photos_atelier_public_idx" ON "photos_atelier" USING btree ("ordre") WHERE "photos_atelier"."affichee";--> statement-breakpoint
CREATE INDEX "saisons_podcast_public_idx" ON "saisons_podcast" USING btree ("ordre") WHERE "saisons_podcast"."affichee";--> statement-breakpoint
CREATE INDEX "emails_sortants_a_envoyer_idx" ON "emails_sortants" USING btree ("prochaine_tentative_le") WHERE "emails_sortants"."statut" = 'en_attente';