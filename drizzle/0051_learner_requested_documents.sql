CREATE TABLE "requested_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" uuid NOT NULL,
	"label" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" text,
	"file_name" text,
	"mime_type" text,
	"size" integer,
	"content" "bytea",
	"received_at" timestamp with time zone,
	CONSTRAINT "requested_documents_file" CHECK (num_nonnulls("requested_documents"."file_name", "requested_documents"."mime_type", "requested_documents"."size", "requested_documents"."content", "requested_documents"."received_at") in (0, 5))
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "learner_id" uuid;--> statement-breakpoint
ALTER TABLE "requested_documents" ADD CONSTRAINT "requested_documents_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requested_documents" ADD CONSTRAINT "requested_documents_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requested_documents_learner_idx" ON "requested_documents" USING btree ("learner_id","requested_at");--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_learner_idx" ON "complaints" USING btree ("learner_id");--> statement-breakpoint
-- A learner anonymised (retention, erasure kept for an invoice) keeps no file of theirs: the documents
-- they sent on request name them, whichever code path emptied the record.
CREATE FUNCTION requested_documents_leave_anonymised() RETURNS trigger AS $$
BEGIN
  DELETE FROM requested_documents WHERE learner_id = NEW.id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER learners_anonymised_drop_requested_documents AFTER UPDATE OF anonymised_at ON learners
  FOR EACH ROW WHEN (NEW.anonymised_at IS NOT NULL) EXECUTE FUNCTION requested_documents_leave_anonymised();
