ALTER TABLE "site_pages" ADD COLUMN "publish_at" timestamp with time zone;
