CREATE TABLE "demo_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_state_single_row" CHECK ("demo_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Databases seeded before the demo was marked: the demonstration centre's records, known by their slugs
-- (formations, articles), author and company (testimonials) and identity (settings), become demo
-- records; a database that holds none of them is unchanged.
UPDATE "formations" SET "demo" = true WHERE "slug" IN ('tp-assistant-ressources-humaines', 'tp-assistant-commercial', 'bac-pro-logistique', 'formation-wordpress', 'formation-developpeur-web');--> statement-breakpoint
UPDATE "blog_posts" SET "demo" = true WHERE "slug" IN ('reconversion-professionnelle-5-etapes', 'alternance-apprentissage-ou-professionnalisation', 'financer-sa-formation-avec-le-cpf', 'reussir-son-entretien-apres-une-formation', 'demandeur-emploi-aides-france-travail-formation');--> statement-breakpoint
UPDATE "testimonials" SET "demo" = true WHERE ("name", coalesce("company", '')) IN (('Camille Martin', 'Groupe Hexa Services'), ('Yanis Benali', 'Distrilux'), ('Léa Dubois', 'Agence Pixelis'), ('Thomas Lefèvre', 'Lefèvre Menuiserie'), ('Nadia Rousseau', ''), ('Julien Moreau', 'Logistique Île-de-France'));--> statement-breakpoint
UPDATE "centre_settings" SET "demo" = true WHERE "name" = 'Centre de Formation Avenir' AND "siret" = '123 456 789 00012';
