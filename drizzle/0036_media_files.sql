-- Picture bytes may live in files (the embedded database's DATA_DIR/media, or MEDIA_DIR) instead of
-- these columns: such rows keep their facts and a NULL content. Rows written before keep their bytes.
ALTER TABLE "media" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media_variants" ALTER COLUMN "content" DROP NOT NULL;
