CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"content" "bytea" NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"has_alpha" boolean DEFAULT false NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"decorative" boolean DEFAULT false NOT NULL,
	"focal_x" integer,
	"focal_y" integer,
	"credit" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_format" CHECK ("media"."format" in ('jpeg', 'png', 'webp', 'avif')),
	CONSTRAINT "media_alt_or_decorative" CHECK ("media"."decorative" or length(trim("media"."alt")) > 0),
	CONSTRAINT "media_focal_point" CHECK (("media"."focal_x" is null and "media"."focal_y" is null) or ("media"."focal_x" between 0 and 100 and "media"."focal_y" between 0 and 100))
);
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_variants_hash_width_format_pk" PRIMARY KEY("hash","width","format")
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "image_id" uuid;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "image_id" uuid;--> statement-breakpoint
CREATE INDEX "media_hash_idx" ON "media" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "media_created_idx" ON "media" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formations" ADD CONSTRAINT "formations_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Pictures are compressed already: stored out of line as they are, without a compression attempt.
ALTER TABLE "media" ALTER COLUMN "content" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "media_variants" ALTER COLUMN "content" SET STORAGE EXTERNAL;
