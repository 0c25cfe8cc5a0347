CREATE TYPE "public"."attendance_method" AS ENUM('pad', 'link', 'typed', 'staff');--> statement-breakpoint
CREATE TYPE "public"."attendance_status" AS ENUM('present', 'late', 'absent');--> statement-breakpoint
CREATE TABLE "attendance_countersignatures" (
	"slot_id" uuid PRIMARY KEY NOT NULL,
	"trainer_name" text NOT NULL,
	"signature" "bytea" NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"signed_by" text
);
--> statement-breakpoint
CREATE TABLE "attendance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "attendance_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"slot_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"status" "attendance_status" NOT NULL,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"method" "attendance_method" NOT NULL,
	"signature" "bytea",
	"typed_name" text,
	"corrects_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"recorded_by" text,
	CONSTRAINT "attendance_entries_late" CHECK (("attendance_entries"."status" = 'late') = ("attendance_entries"."late_minutes" > 0)),
	CONSTRAINT "attendance_entries_signed" CHECK (("attendance_entries"."method" in ('pad', 'link')) = ("attendance_entries"."signature" is not null) and ("attendance_entries"."method" = 'typed') = ("attendance_entries"."typed_name" is not null))
);
--> statement-breakpoint
CREATE TABLE "attendance_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "attendance_countersignatures" ADD CONSTRAINT "attendance_countersignatures_slot_id_session_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."session_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_countersignatures" ADD CONSTRAINT "attendance_countersignatures_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_slot_id_session_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."session_slots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_corrects_id_attendance_entries_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."attendance_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_entries" ADD CONSTRAINT "attendance_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_links" ADD CONSTRAINT "attendance_links_slot_id_session_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."session_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_links" ADD CONSTRAINT "attendance_links_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_entries_signature_idx" ON "attendance_entries" USING btree ("slot_id","learner_id") WHERE "attendance_entries"."method" <> 'staff';--> statement-breakpoint
CREATE INDEX "attendance_entries_learner_slot_idx" ON "attendance_entries" USING btree ("learner_id","slot_id","seq");--> statement-breakpoint
CREATE INDEX "attendance_entries_slot_idx" ON "attendance_entries" USING btree ("slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_links_slot_learner_idx" ON "attendance_links" USING btree ("slot_id","learner_id");--> statement-breakpoint
-- Written by hand: attendance is evidence. The database itself refuses to change or remove an entry
-- or a countersignature, whatever code runs; a correction is a new entry.
CREATE FUNCTION "attendance_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'attendance records are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END
$$;--> statement-breakpoint
CREATE TRIGGER "attendance_entries_append_only" BEFORE UPDATE OR DELETE ON "attendance_entries" FOR EACH ROW EXECUTE FUNCTION "attendance_append_only"();--> statement-breakpoint
CREATE TRIGGER "attendance_countersignatures_append_only" BEFORE UPDATE OR DELETE ON "attendance_countersignatures" FOR EACH ROW EXECUTE FUNCTION "attendance_append_only"();
