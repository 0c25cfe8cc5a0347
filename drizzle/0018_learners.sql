CREATE TYPE "public"."certification_outcome" AS ENUM('presented', 'certified', 'not_certified');--> statement-breakpoint
CREATE TYPE "public"."learner_origin" AS ENUM('admission', 'manual', 'import');--> statement-breakpoint
CREATE TYPE "public"."learner_status" AS ENUM('enrolled', 'in_training', 'completed', 'dropped_out');--> statement-breakpoint
CREATE TABLE "learners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"application_id" uuid,
	"origin" "learner_origin" NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"company" text,
	"status" "learner_status" DEFAULT 'enrolled' NOT NULL,
	"abandoned_on" date,
	"certification" "certification_outcome",
	"anonymised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learners_abandon_date" CHECK (("learners"."status" = 'dropped_out') = ("learners"."abandoned_on" is not null)),
	CONSTRAINT "learners_identity" CHECK ("learners"."anonymised_at" is not null or ("learners"."first_name" is not null and "learners"."last_name" is not null and "learners"."email" is not null))
);
--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learners_application_idx" ON "learners" USING btree ("application_id") WHERE "learners"."application_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "learners_session_email_idx" ON "learners" USING btree ("session_id",lower("email")) WHERE "learners"."email" is not null;--> statement-breakpoint
CREATE INDEX "learners_session_status_idx" ON "learners" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "learners_search_idx" ON "learners" USING gin (unaccent_immutable(lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", ''))) gin_trgm_ops);--> statement-breakpoint
-- Applications admitted before learners existed become the learners of their session (one per address).
INSERT INTO "learners" ("session_id", "application_id", "origin", "first_name", "last_name", "email", "created_at")
SELECT DISTINCT ON ("session_id", lower("email")) "session_id", "id", 'admission', "first_name", "last_name", "email", "status_changed_at"
FROM "applications" WHERE "status" = 'admitted'
ORDER BY "session_id", lower("email"), "status_changed_at";
