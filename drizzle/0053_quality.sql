CREATE TABLE "disability_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"purpose" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disability_partners_kind" CHECK ("disability_partners"."kind" in ('agefiph', 'cap_emploi', 'mdph', 'other'))
);
--> statement-breakpoint
CREATE TABLE "improvement_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin" text NOT NULL,
	"complaint_id" uuid,
	"formation_id" uuid,
	"session_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" text,
	"due_on" date,
	"state" text DEFAULT 'proposed' NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "improvement_actions_origin" CHECK ("improvement_actions"."origin" in ('complaint', 'survey', 'absence', 'audit', 'team')),
	CONSTRAINT "improvement_actions_state" CHECK ("improvement_actions"."state" in ('proposed', 'in_progress', 'done', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "quality_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"certifying" boolean,
	"alternance" boolean DEFAULT false NOT NULL,
	"subcontracting" boolean DEFAULT false NOT NULL,
	"satisfaction_threshold" integer DEFAULT 80 NOT NULL,
	"complaint_delay_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_settings_single_row" CHECK ("quality_settings"."id" = 1),
	CONSTRAINT "quality_settings_threshold" CHECK ("quality_settings"."satisfaction_threshold" between 1 and 100),
	CONSTRAINT "quality_settings_complaint_delay" CHECK ("quality_settings"."complaint_delay_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "watch_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seen_on" date NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"summary" text NOT NULL,
	"impact" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_entries_kind" CHECK ("watch_entries"."kind" in ('legal', 'jobs', 'pedagogy'))
);
--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_formation_id_formations_id_fk" FOREIGN KEY ("formation_id") REFERENCES "public"."formations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "improvement_actions" ADD CONSTRAINT "improvement_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "improvement_actions_complaint_idx" ON "improvement_actions" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "improvement_actions_formation_idx" ON "improvement_actions" USING btree ("formation_id");--> statement-breakpoint
CREATE INDEX "improvement_actions_done_idx" ON "improvement_actions" USING btree ("done_at");--> statement-breakpoint
CREATE INDEX "watch_entries_seen_idx" ON "watch_entries" USING btree ("kind","seen_on");--> statement-breakpoint
INSERT INTO "quality_settings" ("id") VALUES (1);
