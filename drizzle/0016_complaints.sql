CREATE TYPE "public"."complaint_status" AS ENUM('received', 'in_progress', 'treated', 'closed');--> statement-breakpoint
CREATE TABLE "complaint_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"from_status" "complaint_status",
	"to_status" "complaint_status",
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_events_kind" CHECK ("complaint_events"."kind" in ('status', 'reply', 'action'))
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"organisation" text,
	"author_type" text NOT NULL,
	"category" text NOT NULL,
	"session_id" uuid,
	"session_label" text,
	"description" text NOT NULL,
	"status" "complaint_status" DEFAULT 'received' NOT NULL,
	"corrective_action" text,
	"handled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "complaint_id" uuid;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_events" ADD CONSTRAINT "complaint_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_events_complaint_idx" ON "complaint_events" USING btree ("complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_created_id_idx" ON "complaints" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_status_created_idx" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_complaint_idx" ON "mail_outbox" USING btree ("complaint_id");