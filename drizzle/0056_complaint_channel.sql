CREATE TYPE "public"."complaint_channel" AS ENUM('site', 'space');--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "channel" "complaint_channel" DEFAULT 'site' NOT NULL;--> statement-breakpoint
-- A complaint already naming the learner who wrote it came from the learner's personal space. One erased
-- before this migration no longer says so and stays 'site'.
UPDATE "complaints" SET "channel" = 'space' WHERE "learner_id" IS NOT NULL;
