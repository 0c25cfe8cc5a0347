CREATE TABLE "space_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"learner_id" uuid,
	"payer_id" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_members_one_target" CHECK (num_nonnulls("space_members"."learner_id", "space_members"."payer_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "space_members" ADD CONSTRAINT "space_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_members" ADD CONSTRAINT "space_members_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_members" ADD CONSTRAINT "space_members_payer_id_payers_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."payers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_members" ADD CONSTRAINT "space_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "space_members_learner_idx" ON "space_members" USING btree ("user_id","learner_id") WHERE "space_members"."learner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "space_members_payer_idx" ON "space_members" USING btree ("user_id","payer_id") WHERE "space_members"."payer_id" is not null;--> statement-breakpoint
CREATE INDEX "space_members_learner_id_idx" ON "space_members" USING btree ("learner_id");--> statement-breakpoint
CREATE INDEX "space_members_payer_id_idx" ON "space_members" USING btree ("payer_id");--> statement-breakpoint
-- A learner anonymised (retention, erasure) leaves every personal space: nothing of theirs is shown
-- to anyone any more, whichever code path emptied the record.
CREATE FUNCTION space_members_leave_anonymised() RETURNS trigger AS $$
BEGIN
  DELETE FROM space_members WHERE learner_id = NEW.id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER learners_anonymised_leave_spaces AFTER UPDATE OF anonymised_at ON learners
  FOR EACH ROW WHEN (NEW.anonymised_at IS NOT NULL) EXECUTE FUNCTION space_members_leave_anonymised();
