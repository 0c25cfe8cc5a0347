ALTER TYPE "public"."learner_document_kind" ADD VALUE 'certificate';--> statement-breakpoint
ALTER TABLE "learner_documents" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD COLUMN "signed_by" text;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD COLUMN "signed_file" "bytea";--> statement-breakpoint
ALTER TABLE "learner_documents" ADD COLUMN "signed_file_name" text;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD COLUMN "signed_content_type" text;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD COLUMN "archived_by" text;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "cpf_file_number" text;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "signatory_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "signatory_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "trainer_qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD CONSTRAINT "learner_documents_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD CONSTRAINT "learner_documents_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_documents" ADD CONSTRAINT "learner_documents_signed_copy" CHECK (("learner_documents"."signed_at" is null and "learner_documents"."signed_file" is null and "learner_documents"."signed_file_name" is null and "learner_documents"."signed_content_type" is null)
        or ("learner_documents"."signed_at" is not null and "learner_documents"."signed_file" is not null and "learner_documents"."signed_file_name" is not null
          and "learner_documents"."signed_content_type" in ('application/pdf', 'image/jpeg', 'image/png')
          and "learner_documents"."kind" in ('convention', 'contrat')));--> statement-breakpoint
ALTER TABLE "learner_documents" ADD CONSTRAINT "learner_documents_archived_sent" CHECK ("learner_documents"."archived_at" is null or "learner_documents"."sent_at" is not null);--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_cpf_file_number" CHECK ("learners"."funding_source" = 'cpf' or "learners"."cpf_file_number" is null);