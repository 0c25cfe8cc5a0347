ALTER TABLE "site_pages" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_pages" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;