ALTER TABLE "formations" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "goals" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "formations_active_position_idx" ON "formations" USING btree ("active","position");--> statement-breakpoint
-- A database seeded before this change keeps the goals and order the site showed until now.
UPDATE "formations" SET "position" = 1, "goals" = '{reconversion,diplome,emploi}' WHERE "slug" = 'tp-assistant-ressources-humaines';--> statement-breakpoint
UPDATE "formations" SET "position" = 2, "goals" = '{reconversion,diplome,emploi}' WHERE "slug" = 'tp-assistant-commercial';--> statement-breakpoint
UPDATE "formations" SET "position" = 3, "goals" = '{diplome,emploi}' WHERE "slug" = 'bac-pro-logistique';--> statement-breakpoint
UPDATE "formations" SET "position" = 4, "goals" = '{competences,outil}' WHERE "slug" = 'formation-wordpress';--> statement-breakpoint
UPDATE "formations" SET "position" = 5, "goals" = '{reconversion,competences}' WHERE "slug" = 'formation-developpeur-web';
