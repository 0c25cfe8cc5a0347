ALTER TABLE "formations" ADD COLUMN "formacodes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "nsf_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "rome_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "target_publics" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "lheo_funders" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "path_type" text;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "entry_mode" text;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "general_objective" text;