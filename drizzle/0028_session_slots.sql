CREATE TABLE "session_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"day" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"place" text,
	"link" text,
	"trainer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_slots_times" CHECK ("session_slots"."start_minute" >= 0 and "session_slots"."end_minute" > "session_slots"."start_minute" and "session_slots"."end_minute" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "session_slots" ADD CONSTRAINT "session_slots_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_slots_session_day_start_idx" ON "session_slots" USING btree ("session_id","day","start_minute");--> statement-breakpoint
CREATE INDEX "session_slots_day_idx" ON "session_slots" USING btree ("day");