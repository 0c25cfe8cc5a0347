ALTER TABLE "centre_settings" ADD COLUMN "complaint_recipient" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "learner_retention_months" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD CONSTRAINT "centre_settings_learner_retention_months" CHECK ("centre_settings"."learner_retention_months" between 12 and 240);--> statement-breakpoint
-- hand-written: the privacy policy's sentence about learners named the applications' period; it now
-- names the learners' own (Paramètres). Only the unchanged default sentence is rewritten.
UPDATE "site_pages" SET "content" = jsonb_set("content", '{body}', to_jsonb(replace("content"->>'body', 'est anonymisé {{duree_conservation_candidatures}} après la fin de votre session', 'est anonymisé {{duree_conservation_stagiaires}} après la fin de votre session'))) WHERE "id" = 'politique-confidentialite' AND "content"->>'body' LIKE '%est anonymisé {{duree_conservation_candidatures}} après la fin de votre session%';
