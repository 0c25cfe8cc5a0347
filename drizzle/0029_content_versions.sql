CREATE TABLE "content_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"version" integer NOT NULL,
	"state" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"author_id" text,
	"author_email" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_state" CHECK ("content_versions"."state" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "formations" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_number_idx" ON "content_versions" USING btree ("entity_type","entity_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_one_draft_idx" ON "content_versions" USING btree ("entity_type","entity_id") WHERE "content_versions"."state" = 'draft';--> statement-breakpoint
CREATE INDEX "formations_publish_at_idx" ON "formations" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "formations_unpublish_at_idx" ON "formations" USING btree ("unpublish_at");