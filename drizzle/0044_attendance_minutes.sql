CREATE TYPE "public"."attendance_sheet_state" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
ALTER TYPE "public"."attendance_method" ADD VALUE 'room' BEFORE 'typed';--> statement-breakpoint
CREATE TABLE "attendance_room_links" (
	"slot_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_room_links_id_unique" UNIQUE("id"),
	CONSTRAINT "attendance_room_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "attendance_sheet_images" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"image" "bytea"
);
--> statement-breakpoint
CREATE TABLE "attendance_sheet_parts" (
	"sheet_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "attendance_sheet_parts_sheet_id_part_pk" PRIMARY KEY("sheet_id","part")
);
--> statement-breakpoint
CREATE TABLE "attendance_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"requested_by" text,
	"state" "attendance_sheet_state" DEFAULT 'queued' NOT NULL,
	"done_slots" integer DEFAULT 0 NOT NULL,
	"total_slots" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"byte_size" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "attendance_entries" DROP CONSTRAINT "attendance_entries_signed";--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "attendance_link_minutes" integer;--> statement-breakpoint
ALTER TABLE "attendance_room_links" ADD CONSTRAINT "attendance_room_links_slot_id_session_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."session_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sheet_images" ADD CONSTRAINT "attendance_sheet_images_entry_id_attendance_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."attendance_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sheet_parts" ADD CONSTRAINT "attendance_sheet_parts_sheet_id_attendance_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."attendance_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sheets" ADD CONSTRAINT "attendance_sheets_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sheets" ADD CONSTRAINT "attendance_sheets_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_sheets_session_idx" ON "attendance_sheets" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "attendance_sheets_state_idx" ON "attendance_sheets" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_signed" CHECK (("attendance_entries"."method"::text in ('pad', 'link', 'room')) = ("attendance_entries"."signature" is not null) and ("attendance_entries"."method" = 'typed') = ("attendance_entries"."typed_name" is not null));--> statement-breakpoint
ALTER TABLE "centre_settings" ADD CONSTRAINT "centre_settings_attendance_link_minutes" CHECK ("centre_settings"."attendance_link_minutes" between 5 and 720);