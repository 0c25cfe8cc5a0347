CREATE TYPE "public"."learner_document_kind" AS ENUM('convocation', 'convention', 'contrat', 'attestation');--> statement-breakpoint
CREATE TABLE "learner_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"learner_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" "learner_document_kind" NOT NULL,
	"file_name" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"content_hash" text NOT NULL,
	"request_key" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "learner_document_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD CONSTRAINT "learner_documents_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD CONSTRAINT "learner_documents_session_id_formation_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."formation_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD CONSTRAINT "learner_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learner_documents_request_idx" ON "learner_documents" USING btree ("learner_id","kind","request_key");--> statement-breakpoint
CREATE INDEX "learner_documents_session_idx" ON "learner_documents" USING btree ("session_id","kind");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_learner_document_id_learner_documents_id_fk" FOREIGN KEY ("learner_document_id") REFERENCES "public"."learner_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_learner_document_idx" ON "mail_outbox" USING btree ("learner_document_id");