ALTER TABLE "centre_settings" ADD COLUMN "internal_rules" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "internal_rules_updated_at" timestamp with time zone;
