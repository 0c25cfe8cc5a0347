CREATE TYPE "public"."centre_vat_status" AS ENUM('exempt', 'liable');--> statement-breakpoint
CREATE TYPE "public"."learner_funding" AS ENUM('cpf', 'opco', 'france_travail', 'region', 'personal', 'other');--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "vat_status" "centre_vat_status" DEFAULT 'exempt' NOT NULL;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "funding_source" "learner_funding";--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "payer_name" text;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "payer_address" text;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "payer_siret" text;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "payer_contact_name" text;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "payer_contact_email" text;--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_personal_payer" CHECK ("learners"."funding_source" is distinct from 'personal' or "learners"."payer_name" is null);