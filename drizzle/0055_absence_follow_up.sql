CREATE TYPE "public"."absence_alert_kind" AS ENUM('consecutive', 'hours');--> statement-breakpoint
CREATE TYPE "public"."absence_follow_up_kind" AS ENUM('call', 'meeting', 'dropout');--> statement-breakpoint
CREATE TABLE "absence_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" uuid NOT NULL,
	"kind" "absence_alert_kind" NOT NULL,
	"threshold" integer NOT NULL,
	"observed" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "absence_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" uuid NOT NULL,
	"kind" "absence_follow_up_kind" NOT NULL,
	"happened_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "absence_alert_slots" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "absence_alert_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "absence_alerts" ADD CONSTRAINT "absence_alerts_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_follow_ups" ADD CONSTRAINT "absence_follow_ups_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_follow_ups" ADD CONSTRAINT "absence_follow_ups_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absence_alerts_once_idx" ON "absence_alerts" USING btree ("learner_id","kind","threshold");--> statement-breakpoint
CREATE INDEX "absence_alerts_created_idx" ON "absence_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "absence_follow_ups_learner_idx" ON "absence_follow_ups" USING btree ("learner_id","created_at");--> statement-breakpoint
ALTER TABLE "centre_settings" ADD CONSTRAINT "centre_settings_absence_alert_slots" CHECK ("centre_settings"."absence_alert_slots" between 0 and 50);--> statement-breakpoint
ALTER TABLE "centre_settings" ADD CONSTRAINT "centre_settings_absence_alert_percent" CHECK ("centre_settings"."absence_alert_percent" between 0 and 100);--> statement-breakpoint
-- A follow-up's note is personal data: anonymising the learner empties it (the kind and day stay,
-- counted by the Qualiopi board), as anonymising empties the learner's own identity.
CREATE FUNCTION absence_follow_ups_leave_anonymised() RETURNS trigger AS $$
BEGIN
  UPDATE absence_follow_ups SET note = '' WHERE learner_id = NEW.id AND note <> '';
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER learners_anonymised_empty_follow_up_notes AFTER UPDATE OF anonymised_at ON learners
  FOR EACH ROW WHEN (NEW.anonymised_at IS NOT NULL) EXECUTE FUNCTION absence_follow_ups_leave_anonymised();
