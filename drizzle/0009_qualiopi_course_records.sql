ALTER TABLE "formations" ADD COLUMN "access_arrangements" text;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "price_details" text;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "certifying" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "certifier" text;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "certification_registered_on" date;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "skill_blocks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "equivalences" text;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "further_paths" text;--> statement-breakpoint
-- A course that already names an RNCP or RS code leads to a certification.
UPDATE "formations" SET "certifying" = true WHERE "rncp_code" IS NOT NULL AND "rncp_code" <> '';
