CREATE TABLE "quality_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"done_steps" integer DEFAULT 0 NOT NULL,
	"total_steps" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"byte_size" bigint,
	"error" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "quality_packs_state" CHECK ("quality_packs"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "quality_packs_period" CHECK ("quality_packs"."period_to" >= "quality_packs"."period_from"),
	CONSTRAINT "quality_packs_progress" CHECK ("quality_packs"."done_steps" >= 0 and "quality_packs"."total_steps" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quality_packs" ADD CONSTRAINT "quality_packs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_packs_state_idx" ON "quality_packs" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "quality_packs_created_idx" ON "quality_packs" USING btree ("created_at");